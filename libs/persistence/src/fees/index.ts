export * from './fee-config.entity.js';
export * from './fee-configs.repository.js';
