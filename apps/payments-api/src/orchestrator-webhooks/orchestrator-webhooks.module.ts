import { Module } from '@nestjs/common';
import { WebhooksCoreModule } from '@payrail/platform';
import { OrchestratorWebhooksController } from './orchestrator-webhooks.controller.js';
import { SetWebhookActive } from './use-cases/set-webhook-active.use-case.js';

/** Orchestrator webhook endpoints (x-orchestrator-key) on payments-api. */
@Module({
  imports: [WebhooksCoreModule],
  controllers: [OrchestratorWebhooksController],
  providers: [SetWebhookActive],
})
export class OrchestratorWebhooksModule {}
