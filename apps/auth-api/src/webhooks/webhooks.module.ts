import { Module } from '@nestjs/common';
import { WebhooksCoreModule } from '@payrail/webhooks';
import { PlatformWebhookLogController } from './platform-webhook-log.controller.js';
import { ListDeliveryLog } from './use-cases/list-delivery-log.use-case.js';
import { ListPlatformEndpoints } from './use-cases/list-platform-endpoints.use-case.js';
import { RedeliverPlatformDelivery } from './use-cases/redeliver-platform-delivery.use-case.js';
import { PlatformWebhooksController } from './webhooks.controller.js';
import { PlatformWebhookDurabilityController } from './webhook-durability.controller.js';

/**
 * Platform webhook endpoints on auth-api: per Client ID at /v1/webhook (x-client-id), and across
 * the platform's Client IDs at /v1/webhooks (endpoints, delivery log, redeliver); thin
 * controllers over the @payrail/webhooks use cases.
 */
@Module({
  imports: [WebhooksCoreModule],
  controllers: [PlatformWebhookLogController, PlatformWebhooksController, PlatformWebhookDurabilityController],
  providers: [ListDeliveryLog, ListPlatformEndpoints, RedeliverPlatformDelivery],
})
export class PlatformWebhooksModule {}
