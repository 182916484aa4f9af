import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookDurabilityRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { WebhookSettingsDto } from '../dto/durability.dto.js';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { webhookView } from '../views.js';

export interface UpdateWebhookSettingsCommand {
  owner: WebhookOwner;
  webhookId: string;
  settings: WebhookSettingsDto;
}

/** Changes an endpoint's delivery settings (extended schedule, limits); they apply from its next attempt. */
@Injectable()
export class UpdateWebhookSettings {
  constructor(private readonly db: DataSource) {}

  async execute(command: UpdateWebhookSettingsCommand): Promise<WebhookDto> {
    const found = await new WebhookDurabilityRepository(this.db.manager).updateSettings(command.owner, command.webhookId, command.settings);
    const endpoint = found ? await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId) : null;
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    return webhookView(endpoint);
  }
}
