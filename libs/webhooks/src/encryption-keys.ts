import { createHash } from 'node:crypto';
import { parseEncryptionKeyList, type CipherKey } from '@payrail/platform';

/**
 * Keys that encrypt webhook signing secrets at rest: `WEBHOOK_ENCRYPTION_KEYS=kid1:base64,kid2:base64`,
 * each a 32-byte AES-256 key (the shared format and validator: libs/platform/src/crypto/encryption-keys.ts). The
 * first one encrypts new secrets; every one listed decrypts. To rotate, put a new key first and
 * keep the old ones until nothing references them.
 */
export type EncryptionKey = CipherKey;

/**
 * Used only when PAYRAIL_ENV=local and no key is configured, so `npm start` and the tests
 * run without setup. It is public (derived from this string), so it protects nothing;
 * staging and production refuse to start without WEBHOOK_ENCRYPTION_KEYS.
 */
export const LOCAL_DEVELOPMENT_KEY: EncryptionKey = {
  id: 'local-dev',
  key: createHash('sha256').update('payrail local development webhook secret key (public, not a secret)').digest(),
};

/** The configured keys, first = the encrypting key; the local development key when none is set (local only). */
export function parseEncryptionKeys(value: string | undefined): EncryptionKey[] {
  if (!value) return [LOCAL_DEVELOPMENT_KEY];
  return parseEncryptionKeyList(value, 'WEBHOOK_ENCRYPTION_KEYS');
}
