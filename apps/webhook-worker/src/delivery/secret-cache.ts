import { Injectable } from '@nestjs/common';
import { WebhookSecretCipher } from '@payrail/webhooks';

const MAX_ENTRIES = 10000;

/**
 * Decrypted signing secrets by endpoint, kept in this process's memory only, keyed by the
 * stored ciphertext too (a rotated or re-encrypted secret is decrypted afresh). Saves an
 * AES-GCM decryption per delivery.
 */
@Injectable()
export class SecretCache {
  private readonly entries = new Map<string, { stored: string; secret: string }>();

  constructor(private readonly cipher: WebhookSecretCipher) {}

  /** The endpoint's secrets that sign now: the current one, then the previous one during a rotation's overlap. */
  secretsOf(endpoint: { id: string; secretEncrypted: string; previousSecretEncrypted: string | null }): string[] {
    const current = this.decrypt(endpoint.id, 'current', endpoint.secretEncrypted);
    return endpoint.previousSecretEncrypted
      ? [current, this.decrypt(endpoint.id, 'previous', endpoint.previousSecretEncrypted)]
      : [current];
  }

  private decrypt(endpointId: string, slot: 'current' | 'previous', stored: string): string {
    const key = `${endpointId}:${slot}`;
    const hit = this.entries.get(key);
    if (hit?.stored === stored) return hit.secret;
    // Both columns are encrypted for the endpoint id (a rotation moves the ciphertext as is).
    const secret = this.cipher.decrypt(stored, endpointId);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { stored, secret });
    return secret;
  }
}
