import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { type WebhookDto, webhookView } from '@payrail/platform';
import { DataSource } from 'typeorm';

/**
 * DELETE (deactivate) and PATCH (reactivate) of an orchestrator endpoint: URL and secret are
 * kept, so a reactivated endpoint verifies with the secret it had. Idempotent.
 */
@Injectable()
export class SetWebhookActive {
  constructor(private readonly db: DataSource) {}

  async execute(command: { owner: WebhookOwner; webhookId: string; active: boolean }): Promise<WebhookDto> {
    const endpoint = await new WebhookEndpointsRepository(this.db.manager).setActive(command.owner, command.webhookId, command.active);
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    return webhookView(endpoint);
  }
}
