import { createHash } from 'node:crypto';
import type { PayrailEnvironment } from '../config/env.js';
import type { CipherKey } from '../crypto/field-cipher.js';

/**
 * Keys that encrypt webhook signing secrets at rest: `WEBHOOK_ENCRYPTION_KEYS=kid1:base64,kid2:base64`,
 * each a 32-byte AES-256 key (standard or URL-safe base64). The first one encrypts new
 * secrets; every one listed decrypts. To rotate, put a new key first and keep the old ones
 * until nothing references them.
 */
export type EncryptionKey = CipherKey;

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * Used only when PAYRAIL_ENV=local and no key is configured, so `npm start` and the tests
 * run without setup. It is public (derived from this string), so it protects nothing;
 * staging and production refuse to start without WEBHOOK_ENCRYPTION_KEYS.
 */
export const LOCAL_DEVELOPMENT_KEY: EncryptionKey = {
  id: 'local-dev',
  key: createHash('sha256').update('payrail local development webhook secret key (public, not a secret)').digest(),
};

/** What is wrong with the variable, or null when it is usable. */
export function encryptionKeysProblem(value: unknown, environment: PayrailEnvironment): string | null {
  if (value === undefined || value === null || value === '')
    return environment === 'local' ? null : 'is required outside PAYRAIL_ENV=local (kid:base64-32-byte-key, comma-separated)';
  if (typeof value !== 'string') return 'must be a string';
  const seen = new Set<string>();
  for (const item of value.split(',').map((s) => s.trim())) {
    const at = item.indexOf(':');
    const id = item.slice(0, at);
    const material = item.slice(at + 1);
    if (at <= 0 || !KEY_ID.test(id)) return 'each item must be kid:base64 with a kid of 1-32 letters, digits, "_" or "-"';
    if (seen.has(id)) return `key id "${id}" appears twice`;
    seen.add(id);
    if (!BASE64.test(material) || Buffer.from(material, 'base64').length !== 32) return `key "${id}" must be 32 bytes, base64-encoded`;
  }
  return null;
}

/** The configured keys, first = the encrypting key; the local development key when none is set (local only). */
export function parseEncryptionKeys(value: string | undefined): EncryptionKey[] {
  if (!value) return [LOCAL_DEVELOPMENT_KEY];
  return value.split(',').map((item) => {
    const at = item.indexOf(':');
    return { id: item.slice(0, at).trim(), key: Buffer.from(item.slice(at + 1).trim(), 'base64') };
  });
}
