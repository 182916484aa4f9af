export * from './networks.js';
export * from './rpc-env.js';
