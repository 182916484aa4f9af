import { FieldCipher } from '@payrail/platform';
import type { EncryptionKey } from './encryption-keys.js';

/**
 * AES-256-GCM for webhook signing secrets at rest: a FieldCipher whose associated data is
 * `payrail:webhook-endpoint:<endpoint id>`, so a ciphertext copied to another row does not
 * decrypt. Stored form `v1:<key id>:<iv>:<auth tag>:<ciphertext>` (base64url).
 */
export class WebhookSecretCipher extends FieldCipher {
  constructor(keys: EncryptionKey[]) {
    super(keys, 'webhook-endpoint', 'WEBHOOK_ENCRYPTION_KEYS');
  }
}
