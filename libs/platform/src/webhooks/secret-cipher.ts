import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { EncryptionKey } from './encryption-keys.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for webhook signing secrets at rest. Stored form:
 * `v1:<key id>:<iv>:<auth tag>:<ciphertext>` (base64url), with the endpoint id as
 * additional authenticated data, so a ciphertext copied to another row does not decrypt.
 */
export class WebhookSecretCipher {
  private readonly byId: Map<string, Buffer>;

  constructor(private readonly keys: EncryptionKey[]) {
    if (keys.length === 0) throw new Error('at least one webhook encryption key is required');
    for (const k of keys) if (k.key.length !== 32) throw new Error(`webhook encryption key ${k.id} must be 32 bytes`);
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** Id of the key new secrets are encrypted with. */
  get currentKeyId(): string {
    return this.keys[0].id;
  }

  encrypt(secret: string, endpointId: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(endpointId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, id, iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join(':');
  }

  /** Throws when the key is unknown or the ciphertext, tag or endpoint id do not match. */
  decrypt(stored: string, endpointId: string): string {
    const [version, keyId, iv, tag, ciphertext, ...rest] = stored.split(':');
    if (version !== VERSION || rest.length > 0 || !keyId || !iv || !tag || ciphertext === undefined)
      throw new Error('unrecognised webhook secret format');
    const key = this.byId.get(keyId);
    if (!key) throw new Error(`webhook secret encrypted with unknown key "${keyId}" (is it still in WEBHOOK_ENCRYPTION_KEYS?)`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(endpointId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Whether a stored secret was encrypted with an older key (to re-encrypt after a rotation). */
  isStale(stored: string): boolean {
    return stored.split(':')[1] !== this.currentKeyId;
  }
}

const aad = (endpointId: string): Buffer => Buffer.from(`payrail:webhook-endpoint:${endpointId}`, 'utf8');
