export * from './registry.js';
export * from './http.js';
export * from './server.js';
export * from './outbox.js';
export * from './webhooks.js';
export * from './chain.js';
export * from './recurring.js';
