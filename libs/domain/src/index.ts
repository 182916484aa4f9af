export * from './errors.js';
export * from './events.js';
export * from './tenancy/index.js';
export * from './events/index.js';
export * from './webhooks/index.js';
export * from './compliance/compliance.js';
export * from './payments/index.js';
export * from './ids.js';
