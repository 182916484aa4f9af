import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import { HttpApiEnv } from '@payrail/platform';
import { WithWebhookEnv } from '@payrail/webhooks';

const MAIL_TRANSPORTS = ['log', 'outbox', 'none'] as const;
export type MailTransportName = (typeof MAIL_TRANSPORTS)[number];

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

  /**
   * Per-account ceiling across addresses (docs/security.md): after LOGIN_ACCOUNT_MAX_FAILURES failed
   * sign-ins within LOGIN_ACCOUNT_WINDOW_SECONDS, only addresses the account signed in from before
   * may keep trying; the ceiling lifts a window after the failures stop.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(100000) LOGIN_ACCOUNT_MAX_FAILURES: number = 50;
  @Type(() => Number) @IsInt() @Min(60) @Max(86400) LOGIN_ACCOUNT_WINDOW_SECONDS: number = 3600;

  /**
   * Where verification e-mails go. `log`: the token is printed to the log (PAYRAIL_ENV=local only);
   * `outbox`: one JSON file per mail in MAIL_OUTBOX_DIR (tests read it; a mail relay can pick the
   * files up); `none`: nothing is sent (a warning without the token is logged). Unset: `log` when
   * PAYRAIL_ENV=local, `none` elsewhere.
   */
  @IsOptional()
  @IsIn(MAIL_TRANSPORTS)
  @ValidateBy({
    name: 'logOnlyLocally',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => value !== 'log' || (args?.object as AuthApiEnv).PAYRAIL_ENV === 'local',
      defaultMessage: () => 'log prints verification tokens to the log: it is allowed only with PAYRAIL_ENV=local',
    },
  })
  MAIL_TRANSPORT?: MailTransportName;

  /** Directory of the `outbox` mail transport (created if missing); required with MAIL_TRANSPORT=outbox. */
  @ValidateIf((env: AuthApiEnv) => env.MAIL_TRANSPORT === 'outbox' || env.MAIL_OUTBOX_DIR !== undefined)
  @IsString({ message: 'MAIL_OUTBOX_DIR must name a directory when MAIL_TRANSPORT=outbox' })
  MAIL_OUTBOX_DIR?: string;

  /** How long an e-mail verification token is valid. */
  @Type(() => Number) @IsInt() @Min(1) @Max(720) EMAIL_VERIFICATION_TTL_HOURS: number = 24;

  /**
   * Verification mails one e-mail address may be sent through the resend route per window
   * (counted for every address asked about, whether or not it has an account); beyond it, 429.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) EMAIL_RESEND_PER_ADDRESS: number = 3;
  @Type(() => Number) @IsInt() @Min(60) @Max(86400) EMAIL_RESEND_WINDOW_SECONDS: number = 3600;

  /** The mail transport in effect (MAIL_TRANSPORT, or its default for PAYRAIL_ENV). */
  mailTransport(): MailTransportName {
    return this.MAIL_TRANSPORT ?? (this.PAYRAIL_ENV === 'local' ? 'log' : 'none');
  }
}
