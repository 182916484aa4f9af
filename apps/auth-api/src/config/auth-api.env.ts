import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { HttpApiEnv, WithWebhookEnv } from '@payrail/platform';

/** auth-api ({auth_url}, /v1/...) configuration. */
export class AuthApiEnv extends WithWebhookEnv(HttpApiEnv) {
  override PORT = 8081;

  /** EIP-4361 `domain` the wallet sign-in message is bound to (host[:port] of the dashboard). */
  @IsString() SIWE_DOMAIN: string = 'localhost:5173';

  /** EIP-4361 `URI` of the message. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) SIWE_URI: string = 'http://localhost:5173';

  /** EIP-4361 `Chain ID` of the message. */
  @Type(() => Number) @IsInt() @Min(1) SIWE_CHAIN_ID: number = 1;

  /** RPC of SIWE_CHAIN_ID, used to verify EIP-1271 smart-contract wallet signatures; unset: EOAs only. */
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) SIWE_RPC_URL?: string;

  /** Login throttling: failed logins allowed per account and per client IP within the window. */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) LOGIN_MAX_FAILURES_PER_ACCOUNT: number = 10;
  @Type(() => Number) @IsInt() @Min(1) @Max(100000) LOGIN_MAX_FAILURES_PER_IP: number = 50;
  @Type(() => Number) @IsInt() @Min(60) @Max(86400) LOGIN_THROTTLE_WINDOW_SECONDS: number = 900;
}
