import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { WebhookDeliveryListingRepository } from '@payrail/persistence';
import { type DeliveryDto, RedeliverWebhook } from '@payrail/webhooks';
import { DataSource } from 'typeorm';

/**
 * POST /v1/webhooks/deliveries/{deliveryId}/redeliver: finds the delivery among the platform's
 * endpoints (404 otherwise), then redelivers it through the per-endpoint use case as its Client
 * ID's owner would (same refusals: pending, endpoint inactive).
 */
@Injectable()
export class RedeliverPlatformDelivery {
  constructor(
    private readonly db: DataSource,
    private readonly redeliver: RedeliverWebhook,
  ) {}

  async execute(command: { platformId: string; deliveryId: string; requestId: string | null }): Promise<DeliveryDto> {
    const owner = await new WebhookDeliveryListingRepository(this.db).deliveryOwner(command.platformId, command.deliveryId);
    if (!owner) throw new PayrailError('NOT_FOUND', 'Delivery not found');
    return this.redeliver.execute({
      owner: { kind: 'client-id', clientIdId: owner.clientIdId },
      webhookId: owner.endpointId,
      deliveryId: command.deliveryId,
      requestId: command.requestId,
    });
  }
}
