export * from './exception-rules.js';
export * from './exception-record.js';
