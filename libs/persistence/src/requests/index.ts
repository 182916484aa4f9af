export * from './request.entity.js';
export * from './idempotency-key.entity.js';
export * from './entities.js';
export * from './requests.repository.js';
export * from './new-request.js';
export * from './idempotency.repository.js';
export * from './settlement-lock.js';
export * from './invoices.repository.js';
