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

  /**
   * Sign-in back-off per (account, client IP): attempts before it starts, then a wait of
   * LOGIN_BACKOFF_BASE_MS doubling per attempt up to LOGIN_BACKOFF_MAX_SECONDS; a success resets
   * the pair, and its failures are forgotten LOGIN_THROTTLE_WINDOW_SECONDS after its wait ended.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) LOGIN_FREE_ATTEMPTS: number = 5;
  @Type(() => Number) @IsInt() @Min(1) @Max(3600000) LOGIN_BACKOFF_BASE_MS: number = 1000;
  @Type(() => Number) @IsInt() @Min(1) @Max(86400) LOGIN_BACKOFF_MAX_SECONDS: number = 900;
  @Type(() => Number) @IsInt() @Min(60) @Max(86400) LOGIN_THROTTLE_WINDOW_SECONDS: number = 900;
}
