import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookDeliveriesRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookDeliveryQueue } from '../delivery-queue.js';
import type { DeliveryDto } from '../dto/delivery.dto.js';
import { deliveryView } from '../views.js';

export interface RedeliverWebhookCommand {
  owner: WebhookOwner;
  webhookId: string;
  deliveryId: string;
  requestId: string | null;
}

/**
 * Sends a finished delivery again, as a new round: same delivery id and body (receivers
 * dedupe by x-service-delivery), retry count from 0, the full retry schedule (one attempt
 * for a test delivery). Refused while the delivery is pending or the endpoint inactive.
 */
@Injectable()
export class RedeliverWebhook {
  constructor(
    private readonly db: DataSource,
    private readonly queue: WebhookDeliveryQueue,
  ) {}

  async execute(command: RedeliverWebhookCommand): Promise<DeliveryDto> {
    const endpoint = await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId);
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    const deliveries = new WebhookDeliveriesRepository(this.db.manager);
    const delivery = await deliveries.findForEndpoint(command.owner, endpoint.id, command.deliveryId);
    if (!delivery) throw new PayrailError('NOT_FOUND', 'Delivery not found');
    if (!endpoint.isActive) throw new PayrailError('CONFLICT', 'Webhook is inactive: reactivate it before redelivering');
    const round = await deliveries.startRound(delivery.id);
    if (round === null) throw new PayrailError('CONFLICT', 'Delivery is still pending: wait for it to finish');
    await this.queue.enqueue([
      { deliveryId: delivery.id, round, test: delivery.isTest, eventType: delivery.eventType, requestId: command.requestId },
    ]);
    const updated = await deliveries.findForEndpoint(command.owner, endpoint.id, delivery.id);
    return deliveryView(updated ?? delivery, await deliveries.attemptsOf([delivery.id]));
  }
}
