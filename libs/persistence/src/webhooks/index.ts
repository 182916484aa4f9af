export * from './webhook.entities.js';
export * from './webhook-owner.js';
export * from './webhook-endpoints.repository.js';
export * from './webhook-deliveries.repository.js';
export * from './webhook-dispatch.repository.js';
export * from './webhook-endpoint-changes.repository.js';
export * from './webhook-durability.repository.js';
