export * from './keyset.js';
export * from './request-listing.sql.js';
export * from './request-listing.repository.js';
export * from './secure-payment-listing.repository.js';
export * from './recurring-listing.repository.js';
export * from './webhook-delivery-listing.repository.js';
export * from './api-key-listing.repository.js';
export * from './payer-listing.repository.js';
