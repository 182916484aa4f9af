import { randomBytes } from 'node:crypto';
import { LOCAL_DEVELOPMENT_KEY, parseEncryptionKeys } from './encryption-keys.js';
import { WebhookSecretCipher } from './secret-cipher.js';

const key = () => randomBytes(32).toString('base64');
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('webhook secret encryption (AES-256-GCM, rotatable keys)', () => {
  it('round-trips a secret and never stores it in the clear', () => {
    const cipher = new WebhookSecretCipher(parseEncryptionKeys(`k1:${key()}`));
    const stored = cipher.encrypt(SECRET, 'ep1');
    expect(stored).toMatch(/^v1:k1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(stored).not.toContain(SECRET);
    expect(cipher.encrypt(SECRET, 'ep1')).not.toBe(stored); // fresh IV each time
    expect(cipher.decrypt(stored, 'ep1')).toBe(SECRET);
  });

  it('rotates: the first key encrypts, every listed key decrypts, a removed key fails loudly', () => {
    const [old, next] = [key(), key()];
    const before = new WebhookSecretCipher(parseEncryptionKeys(`old:${old}`));
    const stored = before.encrypt(SECRET, 'ep1');
    const rotated = new WebhookSecretCipher(parseEncryptionKeys(`new:${next},old:${old}`));
    expect(rotated.decrypt(stored, 'ep1')).toBe(SECRET);
    expect(rotated.isStale(stored)).toBe(true);
    expect(rotated.encrypt(SECRET, 'ep1').startsWith('v1:new:')).toBe(true);
    expect(() => new WebhookSecretCipher(parseEncryptionKeys(`new:${next}`)).decrypt(stored, 'ep1')).toThrow(/unknown key "old"/);
  });

  it('detects tampering and a ciphertext moved to another endpoint (AAD)', () => {
    const cipher = new WebhookSecretCipher(parseEncryptionKeys(`k1:${key()}`));
    const stored = cipher.encrypt(SECRET, 'ep1');
    expect(() => cipher.decrypt(stored, 'ep2')).toThrow();
    const parts = stored.split(':');
    const ct = Buffer.from(parts[4], 'base64url');
    ct[0] ^= 1;
    parts[4] = ct.toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'), 'ep1')).toThrow();
    expect(() => cipher.decrypt('plaintext', 'ep1')).toThrow(/unrecognised/);
  });

  it('uses the public local key when unset, and refuses a list the validator refuses (encryption-keys.spec.ts)', () => {
    expect(parseEncryptionKeys(undefined)).toEqual([LOCAL_DEVELOPMENT_KEY]);
    expect(() => parseEncryptionKeys(`a:${key()},a:${key()}`)).toThrow(/^WEBHOOK_ENCRYPTION_KEYS: key id "a" appears twice$/);
  });
});
