import type { PublishedDomainEvent } from '@payrail/domain';

/**
 * Every BullMQ queue of Payrail, in one place (QueuesModule registers them). The payloads two apps
 * share are message shapes in libs/domain (src/messages); the domain-events job is the outbox's.
 */
export const QUEUES = {
  /** Domain events moved from the Postgres outbox by the relay; job name = event type. */
  domainEvents: 'domain-events',
  /** One job per webhook delivery round; job name = event type. */
  webhookDeliveries: 'webhook-deliveries',
  /** Recovery lane: deliveries redelivered in bulk, on their own (smaller, rate-limited) worker slots. */
  webhookRecovery: 'webhook-recovery',
  /**
   * E-mails sent over SMTP (MAIL_TRANSPORT=smtp) by auth-api's mail worker: one job per mail,
   * retried with back-off; job name = MAIL_JOBS. auth-api queues verification mails, the
   * webhook-worker the endpoint-disabled notices.
   */
  mail: 'mail',
} as const;

export type DomainEventJob = PublishedDomainEvent;

/** jobId of a published outbox row: republishing the same row is a no-op while the job is kept. */
export const domainEventJobId = (outboxId: string): string => `outbox-${outboxId}`;

/** Completed domain-event jobs are kept this long, which bounds the relay's dedup window. */
export const DOMAIN_EVENT_RETENTION_SECONDS = 7 * 24 * 3600;
