import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';

/**
 * DELETE /v1/webhook/:webhookId: removes the endpoint for good, with its secret and its
 * whole delivery history (deliveries and attempts, by cascade). Queued retries find no
 * delivery and send nothing.
 */
@Injectable()
export class DeleteWebhook {
  constructor(private readonly db: DataSource) {}

  async execute(command: { owner: WebhookOwner; webhookId: string }): Promise<void> {
    const removed = await new WebhookEndpointsRepository(this.db.manager).remove(command.owner, command.webhookId);
    if (!removed) throw new PayrailError('NOT_FOUND', 'Webhook not found');
  }
}
