export * from './errors.js';
export * from './events.js';
export * from './tenancy/index.js';
export * from './compliance/compliance.js';
