import { type BaseEnv } from '@payrail/platform';
import { IsOptional, Matches, ValidateIf } from 'class-validator';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

const KEY_LIST = /^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?(,[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/_-]{43}=?)*$/;

/** Adds PII_ENCRYPTION_KEYS (payments-api and the operator CLI, which re-encrypts after a rotation). */
export function WithPiiEnv<TBase extends Ctor<BaseEnv>>(Base: TBase) {
  class PiiEnv extends Base {
    /**
     * Keys encrypting payers' personal data at rest: `kid:base64-32-bytes`, comma-separated; the
     * first encrypts, all decrypt (rotation). Required outside PAYRAIL_ENV=local.
     */
    @ValidateIf((e: PiiEnv) => e.PAYRAIL_ENV !== 'local' || e.PII_ENCRYPTION_KEYS !== undefined)
    @Matches(KEY_LIST, { message: 'must be kid:base64-32-byte-key[,kid:key...] (required outside PAYRAIL_ENV=local)' })
    @IsOptional()
    PII_ENCRYPTION_KEYS?: string;
  }
  return PiiEnv;
}
