export * from './keyset.js';
export * from './request-listing.sql.js';
export * from './request-listing.repository.js';
