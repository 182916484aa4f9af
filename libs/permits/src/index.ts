export * from './transaction.js';
export * from './erc20.js';
export * from './fee-proxies.js';
export * from './batch.js';
export * from './tron.js';
export * from './recurring.js';
export * from './wallet-proof.js';
