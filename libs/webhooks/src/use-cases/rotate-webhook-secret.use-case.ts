import { Inject, Injectable } from '@nestjs/common';
import { issueWebhookSecret, PayrailError } from '@payrail/domain';
import { WebhookEndpointChangesRepository, WebhookEndpointsRepository, type WebhookOwner } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { WebhookSecretRotatedDto } from '../dto/webhook.dto.js';
import { WebhookSecretCipher } from '../secret-cipher.js';
import { webhookView } from '../views.js';
import type { WebhookSettings } from '../webhook-env.js';
import { WEBHOOK_SETTINGS } from '../webhook.tokens.js';

/**
 * Replaces an endpoint's signing secret in place (same id, URL, state and history) and returns
 * the new one, once. For WEBHOOK_SECRET_OVERLAP_SECONDS the replaced secret signs too:
 * `webhook-signature` carries `v1,<new> v1,<old>`, while `x-service-signature` (one value by
 * the interface) is the new secret's from the start. A rotation during an overlap replaces
 * the older previous secret, which stops signing at once.
 */
@Injectable()
export class RotateWebhookSecret {
  constructor(
    private readonly db: DataSource,
    private readonly cipher: WebhookSecretCipher,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {}

  async execute(command: { owner: WebhookOwner; webhookId: string }): Promise<WebhookSecretRotatedDto> {
    const secret = issueWebhookSecret();
    const encrypted = this.cipher.encrypt(secret, command.webhookId);
    const rotated = await new WebhookEndpointChangesRepository(this.db.manager).rotateSecret(
      command.owner,
      command.webhookId,
      encrypted,
      this.settings.rotationOverlapSeconds,
    );
    if (!rotated) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    const endpoint = await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId);
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found'); // deleted right after the rotation
    return { webhook: webhookView(endpoint), secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt?.toISOString() ?? null };
  }
}
