import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { type WebhookDto, webhookView } from '@payrail/platform';
import { DataSource } from 'typeorm';

/** PUT /v1/webhook/:webhookId: active becomes inactive and inactive becomes active (spec: toggled). */
@Injectable()
export class ToggleWebhook {
  constructor(private readonly db: DataSource) {}

  async execute(command: { owner: WebhookOwner; webhookId: string }): Promise<WebhookDto> {
    const toggled = await new WebhookEndpointsRepository(this.db.manager).toggle(command.owner, command.webhookId);
    if (!toggled) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    return webhookView(toggled);
  }
}
