import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, IsUrl, Max, Min, ValidateBy, ValidateIf, isEmail } from 'class-validator';
import addressparser from 'nodemailer/lib/addressparser';
import { HttpApiEnv, WithMailQueueEnv } from '@payrail/platform';
import { WithWebhookEnv } from '@payrail/webhooks';

/** One mailbox (`a@example.com` or `Name <a@example.com>`), parsed as nodemailer will. */
const isMailbox = (value: string): boolean => {
  const parsed = addressparser(value);
  return parsed.length === 1 && 'address' in parsed[0] && isEmail(parsed[0].address, { require_tld: false });
};

/** auth-api ({auth_url}, /v1/...) configuration (MAIL_TRANSPORT and the mail queue's retries: WithMailQueueEnv). */
export class AuthApiEnv extends WithWebhookEnv(WithMailQueueEnv(HttpApiEnv)) {
  override PORT = 8081;

  /** EIP-4361 `domain` the wallet sign-in message is bound to (host[:port] of the dashboard). */
  @IsString() SIWE_DOMAIN: string = 'localhost:5173';

  /** EIP-4361 `URI` of the message. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) SIWE_URI: string = 'http://localhost:5173';

  /**
   * The hosted payment page's base address (the same SECURE_PAYMENT_PAGE_URL payments-api reads, same
   * default): its origin gets CORS without credentials on calls without a Client ID, and its wallet
   * sign-in message names it, for the page's onboarding screen (docs/security.md, "the onboarding page").
   */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) SECURE_PAYMENT_PAGE_URL: string = 'http://localhost:3000/pay';

  override hostedPageOrigins(): string[] {
    return [new URL(this.SECURE_PAYMENT_PAGE_URL).origin];
  }

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

  /** Directory of the `outbox` mail transport (created if missing); required with MAIL_TRANSPORT=outbox. */
  @ValidateIf((env: AuthApiEnv) => env.MAIL_TRANSPORT === 'outbox' || env.MAIL_OUTBOX_DIR !== undefined)
  @IsString({ message: 'MAIL_OUTBOX_DIR must name a directory when MAIL_TRANSPORT=outbox' })
  MAIL_OUTBOX_DIR?: string;

  /**
   * SMTP server of MAIL_TRANSPORT=smtp, as one URL (`smtp://user:password@host:587`, or `smtps://`
   * for TLS from the first byte, port 465) or as SMTP_HOST/SMTP_PORT/SMTP_USER/SMTP_PASSWORD
   * (SMTP_URL wins). Outside PAYRAIL_ENV=local the connection must be encrypted: `smtp://` and
   * SMTP_HOST connections are made to upgrade with STARTTLS (a server that does not offer it is
   * refused) and certificates are always checked.
   */
  @ValidateIf((env: AuthApiEnv) => env.SMTP_URL !== undefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] }, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @ValidateIf((env: AuthApiEnv) => env.mailTransport() === 'smtp' && env.SMTP_URL === undefined)
  @IsString({ message: 'must name the SMTP server (or set SMTP_URL) when MAIL_TRANSPORT=smtp' })
  SMTP_HOST?: string;

  /** Port of SMTP_HOST: 587 (submission, STARTTLS) unless SMTP_SECURE (465). */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(65535) SMTP_PORT?: number;

  /** SMTP_HOST speaks TLS from the first byte (port 465) instead of upgrading with STARTTLS. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined ? false : value === true || value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean({ message: 'must be true or false' })
  SMTP_SECURE: boolean = false;

  /** PEM file of a CA to trust for the SMTP server's certificate besides the public ones (a private relay). */
  @IsOptional() @IsString() SMTP_CA_FILE?: string;

  /** SMTP AUTH of SMTP_HOST (both or neither; ignored with SMTP_URL); the password is a secret (never logged). */
  @ValidateIf((env: AuthApiEnv) => env.SMTP_URL === undefined && (env.SMTP_PASSWORD !== undefined || env.SMTP_USER !== undefined))
  @IsString({ message: 'SMTP_USER and SMTP_PASSWORD go together' })
  SMTP_USER?: string;

  @ValidateIf((env: AuthApiEnv) => env.SMTP_URL === undefined && (env.SMTP_USER !== undefined || env.SMTP_PASSWORD !== undefined))
  @IsString({ message: 'SMTP_USER and SMTP_PASSWORD go together' })
  SMTP_PASSWORD?: string;

  /** Sender of every mail (`From:`), an address the SMTP server may send as. */
  @ValidateIf((env: AuthApiEnv) => env.mailTransport() === 'smtp' || env.MAIL_FROM !== 'Payrail <no-reply@localhost>')
  @ValidateBy({
    name: 'mailFrom',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isMailbox(value),
      defaultMessage: () => 'MAIL_FROM must be an e-mail address, or a name and an address (Payrail <no-reply@example.com>)',
    },
  })
  MAIL_FROM: string = 'Payrail <no-reply@localhost>';

  /** How long an e-mail verification token is valid. */
  @Type(() => Number) @IsInt() @Min(1) @Max(720) EMAIL_VERIFICATION_TTL_HOURS: number = 24;

  /**
   * Verification mails one e-mail address may be sent through the resend route per window
   * (counted for every address asked about, whether or not it has an account); beyond it, 429.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) EMAIL_RESEND_PER_ADDRESS: number = 3;
  @Type(() => Number) @IsInt() @Min(60) @Max(86400) EMAIL_RESEND_WINDOW_SECONDS: number = 3600;

  /** The SMTP server of MAIL_TRANSPORT=smtp, from SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD/SECURE. */
  smtpServer(): { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
    if (this.SMTP_URL !== undefined) {
      const url = new URL(this.SMTP_URL);
      const secure = url.protocol === 'smtps:';
      const auth = url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined;
      return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) || (secure ? 465 : 587), secure, auth };
    }
    const auth = this.SMTP_USER !== undefined ? { user: this.SMTP_USER, pass: this.SMTP_PASSWORD ?? '' } : undefined;
    return { host: this.SMTP_HOST ?? 'localhost', port: this.SMTP_PORT ?? (this.SMTP_SECURE ? 465 : 587), secure: this.SMTP_SECURE, auth };
  }
}
