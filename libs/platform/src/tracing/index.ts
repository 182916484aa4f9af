export * from './tracing.js';
export * from './http.js';
export * from './jobs.js';
