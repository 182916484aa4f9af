import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { EndpointRoom } from '../endpoint-limits.js';
import { webhookView } from '../views.js';

/**
 * DELETE (deactivate) and PATCH (reactivate) of an orchestrator endpoint: URL and secret are
 * kept, so a reactivated endpoint verifies with the secret it had. Idempotent. Reactivating is
 * refused (409) when the orchestrator is at its endpoint caps.
 */
@Injectable()
export class SetWebhookActive {
  constructor(
    private readonly db: DataSource,
    private readonly room: EndpointRoom,
  ) {}

  async execute(command: { owner: WebhookOwner; webhookId: string; active: boolean }): Promise<WebhookDto> {
    const endpoint = await this.db.transaction(async (manager) => {
      const repo = new WebhookEndpointsRepository(manager);
      if (command.active) {
        const current = await repo.find(command.owner, command.webhookId);
        if (current && !current.isActive) await this.room.assert(manager, command.owner, current.url, current.id);
      }
      return repo.setActive(command.owner, command.webhookId, command.active);
    });
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    return webhookView(endpoint);
  }
}
