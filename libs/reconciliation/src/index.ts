export * from './reconciler.js';
export * from './repair.js';
export * from './chains.js';
export * from './payment-export.js';
