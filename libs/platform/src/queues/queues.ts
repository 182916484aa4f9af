import type { PublishedDomainEvent } from '@payrail/domain';

/** Every BullMQ queue and job payload of Payrail, in one place. */
export const QUEUES = {
  /** Domain events moved from the Postgres outbox by the relay; job name = event type. */
  domainEvents: 'domain-events',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type DomainEventJob = PublishedDomainEvent;

/** jobId of a published outbox row: republishing the same row is a no-op while the job is kept. */
export const domainEventJobId = (outboxId: string): string => `outbox-${outboxId}`;

/** Completed domain-event jobs are kept this long, which bounds the relay's dedup window. */
export const DOMAIN_EVENT_RETENTION_SECONDS = 7 * 24 * 3600;
