export * from './registry.js';
export * from './http.js';
export * from './server.js';
export * from './outbox.js';
export * from './queues.js';
export * from './rpc.js';
