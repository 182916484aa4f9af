import { randomBytes } from 'node:crypto';
import { FieldCipher, parseCipherKeys } from './field-cipher.js';

describe('FieldCipher (AES-256-GCM at rest)', () => {
  const k1 = { id: 'k1', key: randomBytes(32) };
  const k2 = { id: 'k2', key: randomBytes(32) };

  it('round-trips and never stores the plaintext', () => {
    const cipher = new FieldCipher([k1], 'payer-identity');
    const stored = cipher.encrypt('{"firstName":"Ada"}', 'row-1');
    expect(stored).not.toContain('Ada');
    expect(stored.startsWith('v1:k1:')).toBe(true);
    expect(cipher.decrypt(stored, 'row-1')).toBe('{"firstName":"Ada"}');
  });

  it('refuses a ciphertext moved to another row or purpose, or tampered with', () => {
    const cipher = new FieldCipher([k1], 'payer-identity');
    const stored = cipher.encrypt('secret', 'row-1');
    expect(() => cipher.decrypt(stored, 'row-2')).toThrow();
    expect(() => new FieldCipher([k1], 'other').decrypt(stored, 'row-1')).toThrow();
    const parts = stored.split(':');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'), 'row-1')).toThrow();
  });

  it('decrypts with an older key after a rotation and encrypts with the new one', () => {
    const old = new FieldCipher([k1], 'p').encrypt('v', 'r');
    const rotated = new FieldCipher([k2, k1], 'p');
    expect(rotated.decrypt(old, 'r')).toBe('v');
    expect(rotated.encrypt('v', 'r').startsWith('v1:k2:')).toBe(true);
  });

  it('parses kid:base64 lists and derives a development key when unset', () => {
    const keys = parseCipherKeys(`a:${k1.key.toString('base64')},b:${k2.key.toString('base64')}`, 'p');
    expect(keys.map((k) => k.id)).toEqual(['a', 'b']);
    expect(keys[0].key.equals(k1.key)).toBe(true);
    expect(parseCipherKeys(undefined, 'p')[0].key).toHaveLength(32);
  });
});
