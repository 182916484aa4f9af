// Message shapes two apps share (queue job payloads, pub/sub announcements): pure types and ids.
export * from './webhook-delivery-jobs.js';
export * from './mail-jobs.js';
export * from './payment-intents.js';
