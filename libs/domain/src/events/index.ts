export * from './names.js';
export * from './current-payloads.js';
export * from './legacy-payloads.js';
export * from './extension-payloads.js';
export * from './payloads.js';
export * from './recipients.js';
export * from './routing.js';
export * from './refund-events.js';
