/**
 * @payrail/tenancy: platforms, Client IDs, keys and orchestrators. Routes both APIs serve (Client
 * IDs) are thin per-app controllers over these use cases, as for webhooks in @payrail/webhooks.
 */
export * from './client-id.rules.js';
export * from './client-id.view.js';
export * from './tenancy-events.js';
export * from './tenancy.module.js';
export * from './use-cases/create-api-key.use-case.js';
export * from './use-cases/create-client-id.use-case.js';
export * from './use-cases/create-orchestrator.use-case.js';
export * from './use-cases/create-orchestrator-key.use-case.js';
export * from './use-cases/revoke-orchestrator-key.use-case.js';
export * from './use-cases/create-platform.use-case.js';
export * from './use-cases/link-orchestrator.use-case.js';
export * from './use-cases/revoke-api-key.use-case.js';
export * from './use-cases/unlink-orchestrator.use-case.js';
export * from './use-cases/update-client-id.use-case.js';
export * from './use-cases/list-client-ids.use-case.js';
export * from './use-cases/get-client-id.use-case.js';
export * from './dto/client-id.dto.js';
export * from './http/client-id-routes.js';
