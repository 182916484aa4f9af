export * from './events.repository.js';
export * from './retention.repository.js';
