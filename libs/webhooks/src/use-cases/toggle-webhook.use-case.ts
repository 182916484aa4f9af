import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { EndpointRoom } from '../endpoint-limits.js';
import { webhookView } from '../views.js';

/**
 * PUT /v1/webhook/:webhookId: active becomes inactive and inactive becomes active (spec:
 * toggled); turning one on is refused (409) when the Client ID is at its endpoint caps.
 */
@Injectable()
export class ToggleWebhook {
  constructor(
    private readonly db: DataSource,
    private readonly room: EndpointRoom,
  ) {}

  async execute(command: { owner: WebhookOwner; webhookId: string }): Promise<WebhookDto> {
    const toggled = await this.db.transaction(async (manager) => {
      const repo = new WebhookEndpointsRepository(manager);
      const endpoint = await repo.find(command.owner, command.webhookId);
      if (endpoint && !endpoint.isActive) await this.room.assert(manager, command.owner, endpoint.url, endpoint.id);
      return repo.toggle(command.owner, command.webhookId);
    });
    if (!toggled) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    return webhookView(toggled);
  }
}
