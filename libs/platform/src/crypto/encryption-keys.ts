import type { PayrailEnvironment } from '../config/env.js';
import type { CipherKey } from './field-cipher.js';

/**
 * The one format of Payrail's encryption-key variables (WEBHOOK_ENCRYPTION_KEYS,
 * PII_ENCRYPTION_KEYS): `kid:key` entries separated by commas, whitespace around an entry
 * ignored; a kid is 1-32 letters, digits, "_" or "-" and appears once; a key is 32 bytes in
 * standard or URL-safe base64 (43 characters, optionally one "=" of padding). The first entry
 * encrypts, every one decrypts (rotation). The validator and the parsers below share one reader,
 * so a value the config accepts is exactly a value the parsers accept.
 */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_32_BYTES = [/^[A-Za-z0-9+/]{43}=?$/, /^[A-Za-z0-9_-]{43}=?$/];

const ENCRYPTION_KEYS_FORMAT = 'kid:base64-32-byte-key, comma-separated';

/** The keys of a non-empty value, or what is wrong with it (never quoting key material). */
function readEncryptionKeys(value: string): { keys: CipherKey[] } | { problem: string } {
  const keys: CipherKey[] = [];
  const entries = value.split(',').map((s) => s.trim());
  for (const [i, entry] of entries.entries()) {
    if (entry === '') return { problem: `entry ${i + 1} is empty (${ENCRYPTION_KEYS_FORMAT})` };
    const at = entry.indexOf(':');
    const [id, material] = [entry.slice(0, at), entry.slice(at + 1)];
    if (at <= 0 || !KEY_ID.test(id))
      return { problem: `entry ${i + 1}: each item must be kid:base64 with a kid of 1-32 letters, digits, "_" or "-"` };
    if (keys.some((k) => k.id === id)) return { problem: `key id "${id}" appears twice` };
    const key = Buffer.from(material, KEY_32_BYTES[0].test(material) ? 'base64' : 'base64url');
    if (!KEY_32_BYTES.some((re) => re.test(material)) || key.length !== 32)
      return { problem: `key "${id}" must be 32 bytes, base64- or base64url-encoded` };
    keys.push({ id, key });
  }
  return { keys };
}

/** What is wrong with the variable, or null when it is usable (unset is usable only when PAYRAIL_ENV=local). */
export function encryptionKeysProblem(value: unknown, environment: PayrailEnvironment): string | null {
  if (value === undefined || value === null || value === '')
    return environment === 'local' ? null : `is required outside PAYRAIL_ENV=local (${ENCRYPTION_KEYS_FORMAT})`;
  if (typeof value !== 'string') return 'must be a string';
  const read = readEncryptionKeys(value);
  return 'problem' in read ? read.problem : null;
}

/** The keys of a set value, first = the encrypting key; throws (naming `variable`) on a value the validator refuses. */
export function parseEncryptionKeyList(value: string, variable: string): CipherKey[] {
  const read = readEncryptionKeys(value);
  if ('problem' in read) throw new Error(`${variable}: ${read.problem}`);
  return read.keys;
}
