export * from './offramp.js';
export * from './offramp-provider.js';
