import { WithChainEnv } from '@payrail/chains';
import { HttpApiEnv } from '@payrail/platform';
import { WithWebhookEnv } from '@payrail/webhooks';
import { WithPiiEnv } from './pii-env.js';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
  IsUrl,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

@ValidatorConstraint({ name: 'noSandboxInProduction' })
class NoSandboxInProduction implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return !(value === 'sandbox' && (args.object as { PAYRAIL_ENV?: string }).PAYRAIL_ENV === 'production');
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property}=sandbox is for local and staging only`;
  }
}

/** payments-api ({base_url}, /v2/...) configuration. */
export class PaymentsApiEnv extends WithPiiEnv(WithWebhookEnv(WithChainEnv(HttpApiEnv))) {
  override PORT = 8080;

  /** Public address of this API, for links it hands out (hosted sandbox compliance pages). */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) PUBLIC_URL: string = 'http://localhost:8080';

  /** Base address of the hosted secure payment page; a payment's securePaymentUrl is `<this>/<token>`. */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) SECURE_PAYMENT_PAGE_URL: string = 'http://localhost:3000/pay';

  /** The hosted page's own origin is accepted on its routes with any Client ID (docs/security.md). */
  override hostedPageOrigins(): string[] {
    return [new URL(this.SECURE_PAYMENT_PAGE_URL).origin];
  }

  /**
   * How long the hosted page's chain reads (the secure payment's `paymentOptions` balances, the
   * multicall analytics' USD rates) wait for a network; one that has not answered by then is
   * reported unavailable instead of holding the page.
   */
  @Type(() => Number) @IsInt() @Min(50) @Max(30000) PAGE_RPC_TIMEOUT_MS: number = 1500;

  /**
   * `POST /v2/secure-payments/{token}/events`: reports accepted per payment token and client IP
   * per minute, on top of the Client ID's own limit (not scaled by RATE_LIMIT_MULTIPLIER).
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(100000) USER_EVENTS_PER_MINUTE: number = 30;

  /**
   * CSV exports (GET /v2/requests/export) read through a pool of their own, this many connections
   * per replica, outside the request pool; one more concurrent export on the replica is a 429.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(50) EXPORT_MAX_PER_REPLICA: number = 3;

  /** Concurrent CSV exports per platform across every replica (Postgres advisory locks); one more is a 429. */
  @Type(() => Number) @IsInt() @Min(1) @Max(50) EXPORT_MAX_PER_PLATFORM: number = 2;

  /** The export connection's statement_timeout: the longest one cursor fetch may run. */
  @Type(() => Number) @IsInt() @Min(100) @Max(3600000) EXPORT_STATEMENT_TIMEOUT_MS: number = 30000;

  /**
   * The export connection's idle_in_transaction_session_timeout: a client that stops reading holds
   * the export's snapshot at most this long between fetches before Postgres ends it.
   */
  @Type(() => Number) @IsInt() @Min(100) @Max(3600000) EXPORT_IDLE_TX_TIMEOUT_MS: number = 60000;

  /**
   * `POST /v2/secure-payments/{token}/intent`: open intents (not yet resolved by chain-worker, at
   * most 10 minutes old) one payment link may hold; the next is refused with 429 until one resolves.
   */
  @Type(() => Number) @IsInt() @Min(1) @Max(1000) INTENTS_OPEN_PER_LINK: number = 5;

  /** Open intents one Client ID may hold over all its links (each costs chain-worker RPC calls until resolved). */
  @Type(() => Number) @IsInt() @Min(1) @Max(100000) INTENTS_OPEN_PER_CLIENT_ID: number = 50;

  /**
   * Compliance (KYC and agreement) provider: `sandbox` (the local, deterministic provider whose
   * hosted pages this API serves; refused in production) or `none` (payer registration answers
   * 503). Default: `sandbox`, or `none` when PAYRAIL_ENV=production.
   */
  @IsOptional()
  @IsIn(['sandbox', 'none'])
  @Validate(NoSandboxInProduction)
  COMPLIANCE_PROVIDER?: 'sandbox' | 'none';

  complianceProvider(): 'sandbox' | 'none' {
    return this.COMPLIANCE_PROVIDER ?? (this.PAYRAIL_ENV === 'production' ? 'none' : 'sandbox');
  }

  /**
   * Off-ramp (crypto-to-fiat) provider: `sandbox` (the local provider whose control routes this API
   * serves under /sandbox/offramp; refused in production) or `none` (payment details and off-ramps
   * answer 503). Default: `sandbox`, or `none` when PAYRAIL_ENV=production. docs/crypto-to-fiat.md.
   */
  @IsOptional()
  @IsIn(['sandbox', 'none'])
  @Validate(NoSandboxInProduction)
  OFFRAMP_PROVIDER?: 'sandbox' | 'none';

  offrampProvider(): 'sandbox' | 'none' {
    return this.OFFRAMP_PROVIDER ?? (this.PAYRAIL_ENV === 'production' ? 'none' : 'sandbox');
  }
}
