export * from './credentials.js';
export * from './client-ids.js';
