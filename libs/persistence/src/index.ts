export * from './data-source.js';
export * from './migrate.js';
export * from './entities/outbox-event.entity.js';
export * from './outbox/outbox.writer.js';
export * from './tenancy/tenancy.entities.js';
export * from './tenancy/credentials.repository.js';
