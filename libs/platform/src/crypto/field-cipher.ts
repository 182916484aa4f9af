import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { parseEncryptionKeyList } from './encryption-keys.js';

/** A 32-byte AES-256 key and its id (the id is stored with each ciphertext, for rotation). */
export interface CipherKey {
  id: string;
  key: Buffer;
}

/**
 * `kid:key,kid:key` (the first encrypts, all decrypt; the format of `encryptionKeysProblem`,
 * which the config schema checks, and a throw on anything it refuses) -> keys; with no value, a
 * public development key derived from `purpose` (refused outside PAYRAIL_ENV=local by the schema).
 */
export function parseCipherKeys(value: string | undefined, purpose: string, variable = `${purpose} encryption keys`): CipherKey[] {
  if (!value)
    return [
      { id: 'local-dev', key: createHash('sha256').update(`payrail local development key for ${purpose} (public, not a secret)`).digest() },
    ];
  return parseEncryptionKeyList(value, variable);
}

/**
 * AES-256-GCM for values stored at rest (node:crypto). Stored form
 * `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url); `purpose` and the owning row's id are the
 * additional authenticated data, so a ciphertext copied to another row or column does not decrypt.
 */
export class FieldCipher {
  private readonly byId: Map<string, Buffer>;

  /** `keysVariable`: the setting holding the keys, named when a value's key is missing from it. */
  constructor(
    private readonly keys: CipherKey[],
    private readonly purpose: string,
    private readonly keysVariable?: string,
  ) {
    if (keys.length === 0) throw new Error(`at least one ${purpose} encryption key is required`);
    for (const k of keys) if (k.key.length !== 32) throw new Error(`${purpose} encryption key ${k.id} must be 32 bytes`);
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** Id of the key new values are encrypted with. */
  get currentKeyId(): string {
    return this.keys[0].id;
  }

  encrypt(plaintext: string, rowId: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    cipher.setAAD(this.aad(rowId));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  /** Throws when the key is unknown or the ciphertext, tag or row id do not match. */
  decrypt(stored: string, rowId: string): string {
    const [version, keyId, iv, tag, body, ...rest] = stored.split(':');
    if (version !== 'v1' || rest.length > 0 || !keyId || !iv || !tag || body === undefined)
      throw new Error(`unrecognised ${this.purpose} ciphertext`);
    const key = this.byId.get(keyId);
    if (!key) {
      const hint = this.keysVariable ? ` (is it still in ${this.keysVariable}?)` : '';
      throw new Error(`${this.purpose} ciphertext uses unknown key "${keyId}"${hint}`);
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(this.aad(rowId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored value was encrypted with an older key (to re-encrypt after a rotation). */
  isStale(stored: string): boolean {
    return stored.split(':')[1] !== this.currentKeyId;
  }

  private aad(rowId: string): Buffer {
    return Buffer.from(`payrail:${this.purpose}:${rowId}`, 'utf8');
  }
}
