import { Injectable } from '@nestjs/common';
import { type WebhookSigningKey, webhookSigningKey } from '@payrail/domain';
import { WebhookSecretCipher } from '@payrail/webhooks';

const MAX_ENTRIES = 10000;

/**
 * Signing keys by endpoint, kept in this process's memory only, keyed by the stored ciphertext
 * too (a rotated or re-encrypted secret is decrypted afresh). Saves an AES-GCM decryption and
 * the derivation of both HMAC keys per delivery.
 */
@Injectable()
export class SecretCache {
  private readonly entries = new Map<string, { stored: string; key: WebhookSigningKey }>();

  constructor(private readonly cipher: WebhookSecretCipher) {}

  /** The endpoint's secrets that sign now: the current one, then the previous one during a rotation's overlap. */
  keysOf(endpoint: { id: string; secretEncrypted: string; previousSecretEncrypted: string | null }): WebhookSigningKey[] {
    const current = this.decrypt(endpoint.id, 'current', endpoint.secretEncrypted);
    return endpoint.previousSecretEncrypted
      ? [current, this.decrypt(endpoint.id, 'previous', endpoint.previousSecretEncrypted)]
      : [current];
  }

  private decrypt(endpointId: string, slot: 'current' | 'previous', stored: string): WebhookSigningKey {
    const entry = `${endpointId}:${slot}`;
    const hit = this.entries.get(entry);
    if (hit?.stored === stored) return hit.key;
    // Both columns are encrypted for the endpoint id (a rotation moves the ciphertext as is).
    const key = webhookSigningKey(this.cipher.decrypt(stored, endpointId));
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(entry, { stored, key });
    return key;
  }
}
