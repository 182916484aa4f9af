import { WebhookDurabilityRoutes } from '@payrail/webhooks';
import { PLATFORM_WEBHOOKS, PlatformWebhookRoutes } from './platform-webhook-routes.js';

/**
 * Delivery settings and bulk recovery of platform endpoints (issue #22; beyond the interface),
 * with the credentials of every /v1/webhook route: x-client-id plus its platform's API key or session.
 */
@PlatformWebhookRoutes()
export class PlatformWebhookDurabilityController extends WebhookDurabilityRoutes(PLATFORM_WEBHOOKS) {}
