export * from './amount.js';
export * from './fee.js';
export * from './fee-split.js';
export * from './payment-reference.js';
export * from './request-status.js';
export * from './settlement-rules.js';
export * from './decimal-notation.js';
export * from './proxy-transfer.js';
