export * from './url-policy.js';
export * from './delivery-rules.js';
export * from './signature.js';
export * from './verify.js';
export * from './serialize.js';
export * from './test-payloads.js';
export * from './access-rejected.js';
export * from './delivery-id.js';
