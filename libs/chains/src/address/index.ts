export * from './detect.js';
export * from './evm.js';
export * from './interop.js';
export * from './tron.js';
export * from './validators.js';
