export * from './events.repository.js';
export * from './retention.repository.js';
export * from './record-pruning.repository.js';
