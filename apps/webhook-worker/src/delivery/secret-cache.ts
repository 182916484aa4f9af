import { Injectable } from '@nestjs/common';
import { WebhookSecretCipher } from '@payrail/platform';

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

  secretOf(endpoint: { id: string; secretEncrypted: string }): string {
    const hit = this.entries.get(endpoint.id);
    if (hit?.stored === endpoint.secretEncrypted) return hit.secret;
    const secret = this.cipher.decrypt(endpoint.secretEncrypted, endpoint.id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(endpoint.id, { stored: endpoint.secretEncrypted, secret });
    return secret;
  }
}
