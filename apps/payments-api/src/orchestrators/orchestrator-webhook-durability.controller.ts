import { WebhookDurabilityRoutes } from '@payrail/webhooks';
import { ORCHESTRATOR_WEBHOOKS, OrchestratorWebhookRoutes } from './orchestrator-webhook-routes.js';

/** Delivery settings and bulk recovery of orchestrator endpoints (issue #22; beyond the interface). */
@OrchestratorWebhookRoutes()
export class OrchestratorWebhookDurabilityController extends WebhookDurabilityRoutes(ORCHESTRATOR_WEBHOOKS) {}
