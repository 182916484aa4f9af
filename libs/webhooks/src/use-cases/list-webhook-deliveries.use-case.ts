import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookDeliveriesRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { DeliveryPageDto } from '../dto/delivery.dto.js';
import { deliveryView } from '../views.js';

export interface ListWebhookDeliveriesCommand {
  owner: WebhookOwner;
  webhookId: string;
  cursor?: string;
  limit?: number;
}

const DEFAULT_DELIVERY_PAGE = 20;

/** Delivery history of one endpoint, newest first, with every attempt; cursor = last id of the page. */
@Injectable()
export class ListWebhookDeliveries {
  constructor(private readonly db: DataSource) {}

  async execute(command: ListWebhookDeliveriesCommand): Promise<DeliveryPageDto> {
    const endpoint = await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId);
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    const limit = command.limit ?? DEFAULT_DELIVERY_PAGE;
    const repo = new WebhookDeliveriesRepository(this.db.manager);
    // One row more than asked tells whether another page exists.
    const rows = await repo.listForEndpoint(command.owner, endpoint.id, { before: command.cursor ?? null, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const attempts = await repo.attemptsOf(page.map((d) => d.id));
    return {
      data: page.map((d) => deliveryView(d, attempts)),
      nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  }
}
