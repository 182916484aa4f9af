import { Module } from '@nestjs/common';
import { WebhooksCoreModule } from '@payrail/webhooks';
import { OrchestratorWebhooksController } from './orchestrator-webhooks.controller.js';
import { OrchestratorWebhookDurabilityController } from './orchestrator-webhook-durability.controller.js';

/** Orchestrator webhook endpoints (x-orchestrator-key) on payments-api: a thin controller over the @payrail/webhooks use cases. */
@Module({
  imports: [WebhooksCoreModule],
  controllers: [OrchestratorWebhooksController, OrchestratorWebhookDurabilityController],
})
export class OrchestratorWebhooksModule {}
