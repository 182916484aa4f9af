import { WithChainEnv } from '@payrail/chains';
import { HttpApiEnv } from '@payrail/platform';
import { IsIn, IsOptional, IsUrl, Matches, ValidateIf } from 'class-validator';

const KEY_LIST = /^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?)*$/;

/** payments-api ({base_url}, /v2/...) configuration. */
export class PaymentsApiEnv extends WithChainEnv(HttpApiEnv) {
  override PORT = 8080;

  /** Public address of this API, for links it hands out (hosted sandbox compliance pages). */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }) PUBLIC_URL: string = 'http://localhost:8080';

  /** Compliance (KYC and agreement) provider. `sandbox`: the local, deterministic provider with hosted pages served here. */
  @IsIn(['sandbox']) COMPLIANCE_PROVIDER = 'sandbox' as const;

  /**
   * Keys encrypting payers' personal data at rest: `kid:base64-32-bytes`, comma-separated; the first
   * encrypts, all decrypt (rotation). Required outside PAYRAIL_ENV=local.
   */
  @ValidateIf((e: PaymentsApiEnv) => e.PAYRAIL_ENV !== 'local' || e.PII_ENCRYPTION_KEYS !== undefined)
  @Matches(KEY_LIST, { message: 'must be kid:base64-32-byte-key[,kid:key...] (required outside PAYRAIL_ENV=local)' })
  @IsOptional()
  PII_ENCRYPTION_KEYS?: string;
}
