import { Module } from '@nestjs/common';
import { WebhooksCoreModule } from '@payrail/webhooks';
import { PlatformWebhooksController } from './webhooks.controller.js';
import { PlatformWebhookDurabilityController } from './webhook-durability.controller.js';

/** Platform webhook endpoints (x-client-id) on auth-api: a thin controller over the @payrail/webhooks use cases. */
@Module({
  imports: [WebhooksCoreModule],
  controllers: [PlatformWebhooksController, PlatformWebhookDurabilityController],
})
export class PlatformWebhooksModule {}
