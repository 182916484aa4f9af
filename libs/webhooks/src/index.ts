/**
 * @payrail/webhooks: webhook endpoints, deliveries, signing secrets and the URL policy, shared by
 * auth-api (platform webhooks), payments-api (orchestrator webhooks) and the webhook worker.
 * The routes both APIs serve alike are written once here (http/shared-webhook-routes.ts); each API's
 * controller adds its path, auth, docs, its own routes and a WebhookRouteScope (caller -> owner).
 */
export * from './encryption-keys.js';
export * from './secret-cipher.js';
export * from './webhook-env.js';
export * from './webhook.tokens.js';
export * from './url-guard.js';
export * from './delivery-queue.js';
export * from './delivery-outcomes.js';
export * from './views.js';
export * from './dto/webhook.dto.js';
export * from './dto/delivery.dto.js';
export * from './dto/durability.dto.js';
export * from './use-cases/register-webhook.use-case.js';
export * from './use-cases/list-webhooks.use-case.js';
export * from './use-cases/fire-test-webhook.use-case.js';
export * from './use-cases/list-webhook-deliveries.use-case.js';
export * from './use-cases/redeliver-webhook.use-case.js';
export * from './use-cases/rotate-webhook-secret.use-case.js';
export * from './use-cases/toggle-webhook.use-case.js';
export * from './use-cases/set-webhook-active.use-case.js';
export * from './use-cases/delete-webhook.use-case.js';
export * from './use-cases/update-webhook-settings.use-case.js';
export * from './use-cases/recover-webhook-deliveries.use-case.js';
export * from './endpoint-limits.js';
export * from './test-fire-limit.guard.js';
export * from './webhooks-core.module.js';
export * from './api-docs.js';
export * from './route-docs.js';
export * from './http/webhook-route-scope.js';
export * from './http/shared-webhook-routes.js';
