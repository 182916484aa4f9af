import { Module } from '@nestjs/common';
import { WebhooksCoreModule } from '@payrail/webhooks';
import { PaymentsModule } from '../payments/payments.module.js';
import { LinkIntentsController } from './link-intents.controller.js';
import { OrchestratorWebhookDurabilityController } from './orchestrator-webhook-durability.controller.js';
import { OrchestratorWebhooksController } from './orchestrator-webhooks.controller.js';
import { CompleteLinkIntent } from './use-cases/complete-link-intent.use-case.js';
import { ViewLinkIntent } from './use-cases/view-link-intent.use-case.js';
import { CreateLinkIntent } from './use-cases/create-link-intent.use-case.js';

/**
 * /v2/orchestrators/...: link intents (an orchestrator asks a platform to link; the platform
 * completes on the hosted onboarding page) and the orchestrator's webhook endpoints
 * (x-orchestrator-key), a thin controller over the @payrail/webhooks use cases.
 */
@Module({
  imports: [PaymentsModule, WebhooksCoreModule],
  controllers: [LinkIntentsController, OrchestratorWebhooksController, OrchestratorWebhookDurabilityController],
  providers: [CreateLinkIntent, CompleteLinkIntent, ViewLinkIntent],
})
export class OrchestratorsModule {}
