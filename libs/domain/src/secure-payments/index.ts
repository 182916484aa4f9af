export * from './status.js';
export * from './access.js';
export * from './query-rules.js';
export * from './transition-event.js';
export * from './kyt.js';
export * from './branding-path.js';
