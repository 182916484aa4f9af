export * from './failure-reasons.js';
export * from './dunning.js';
