import { type BaseEnv, IsEncryptionKeyList } from '@payrail/platform';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

/** Adds PII_ENCRYPTION_KEYS (payments-api and the operator CLI, which re-encrypts after a rotation). */
export function WithPiiEnv<TBase extends Ctor<BaseEnv>>(Base: TBase) {
  class PiiEnv extends Base {
    /**
     * Keys encrypting payers' personal data at rest, in the format of every encryption-key list
     * (`encryptionKeysProblem`: `kid:key` entries, comma-separated, whitespace around entries
     * ignored, kids unique, keys 32 bytes in base64 or base64url); the first encrypts, all
     * decrypt (rotation). Required outside PAYRAIL_ENV=local; parsed by `parseCipherKeys`.
     */
    @IsEncryptionKeyList()
    PII_ENCRYPTION_KEYS?: string;
  }
  return PiiEnv;
}
