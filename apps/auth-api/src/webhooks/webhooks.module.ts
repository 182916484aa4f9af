import { Module } from '@nestjs/common';
import { WebhooksCoreModule } from '@payrail/platform';
import { DeleteWebhook } from './use-cases/delete-webhook.use-case.js';
import { ToggleWebhook } from './use-cases/toggle-webhook.use-case.js';
import { PlatformWebhooksController } from './webhooks.controller.js';

/** Platform webhook endpoints (x-client-id) on auth-api. */
@Module({
  imports: [WebhooksCoreModule],
  controllers: [PlatformWebhooksController],
  providers: [ToggleWebhook, DeleteWebhook],
})
export class PlatformWebhooksModule {}
