import type { PublishedDomainEvent } from '@payrail/domain';

/** Every BullMQ queue and job payload of Payrail, in one place. */
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

/** Job names of the `mail` queue (the mail worker renders each with its own template). */
export const MAIL_JOBS = {
  verification: 'email-verification',
  endpointDisabled: 'webhook-endpoint-disabled',
} as const;

/**
 * The notice to one owner of a webhook endpoint that Payrail disabled (queued by the
 * webhook-worker, rendered and sent by auth-api's mail worker). Holds no secret: the URL is
 * shown without credentials, query or fragment, the failure as a class ("HTTP 500", "timeout").
 */
export interface EndpointDisabledMailJob {
  to: string;
  /** The recipient's user id (logs name it, never the address). */
  userId: string;
  webhookId: string;
  /** The endpoint's URL as the mail shows it: scheme, host, port and path only. */
  url: string;
  reason: 'failing' | 'gone';
  /** Start of the run of failed attempts (ISO 8601); null for a 410 at the first failure. */
  failingSince: string | null;
  disabledAt: string;
  /** The last failed attempt's class, e.g. `HTTP 500`, `timeout`, `connection refused (ECONNREFUSED)`; null if unknown. */
  lastFailure: string | null;
  /** The public Client ID the endpoint belongs to, and its platform's name. */
  clientId: string;
  platformName: string;
}

/**
 * jobId of a notice: one per outbox event (one disable) and recipient, so the relay publishing
 * the event again (a replica killed before its commit, the domain-events retry) queues nothing new
 * while the job is kept (MAIL_NOTICE_RETENTION_SECONDS).
 */
export const endpointDisabledMailJobId = (outboxId: string, userId: string): string => `endpoint-disabled-${outboxId}-${userId}`;

/** Sent notices are kept this long (they carry no secret): the dedup window, as long as the relay's. */
export const MAIL_NOTICE_RETENTION_SECONDS = 7 * 24 * 3600;

/** Failed mail jobs (attempts spent) are kept a day for operators. */
export const FAILED_MAIL_RETENTION_SECONDS = 24 * 3600;

export type DomainEventJob = PublishedDomainEvent;

/** jobId of a published outbox row: republishing the same row is a no-op while the job is kept. */
export const domainEventJobId = (outboxId: string): string => `outbox-${outboxId}`;

/** Completed domain-event jobs are kept this long, which bounds the relay's dedup window. */
export const DOMAIN_EVENT_RETENTION_SECONDS = 7 * 24 * 3600;

/** A webhook delivery to attempt (its body, endpoint and state are in Postgres). */
export interface WebhookDeliveryJob {
  deliveryId: string;
  /** 0 for the automatic delivery, n for the n-th manual redelivery. */
  round: number;
  /** Test deliveries get one attempt (the test-fire routes report its outcome). */
  test: boolean;
  requestId: string | null;
  /** Attempts the round made before this one (its retry number); absent = 0. One job per attempt. */
  attempt?: number;
  /** 'recovery': queued by a bulk recovery, on the webhook-recovery queue. Absent = 'live'. */
  lane?: 'live' | 'recovery';
  /** W3C traceparent of the fan-out that queued it (tracing on): each attempt's span is its child. */
  traceparent?: string | null;
}

/**
 * Several round-0 first attempts in one job (issue #24): the fan-out queues the live deliveries it
 * creates in batches, so a delivery costs a share of one job's Redis round trips instead of its own.
 * Each delivery is still attempted, recorded and retried on its own (retries are single jobs).
 */
export interface WebhookDeliveryBatchJob {
  batch: WebhookDeliveryJob[];
}

/** Job name of a batch job (single jobs are named after their event type). */
export const WEBHOOK_BATCH_JOB_NAME = 'delivery-batch';

/** jobId of a batch: its first delivery's, prefixed (a batch queued again with the same first delivery is a no-op). */
export const webhookDeliveryBatchJobId = (firstDeliveryId: string): string => `batch-${firstDeliveryId}`;

/**
 * jobId of one attempt of a delivery round: the delivery ULID itself for round 0's first
 * attempt (so a delivery is queued once), `-r<round>` for manual rounds, `-a<n>` for the n-th
 * retry. Deterministic, so the reconciler queueing an attempt again never duplicates a live job.
 */
export const webhookDeliveryJobId = (deliveryId: string, round: number, attempt = 0): string =>
  `${round === 0 ? deliveryId : `${deliveryId}-r${round}`}${attempt === 0 ? '' : `-a${attempt}`}`;

/**
 * How long BullMQ keeps finished delivery jobs; Postgres holds every delivery and attempt, so
 * Redis keeps only what a job still needs:
 * - a completed event delivery is removed at once (its delivery row already says `succeeded`,
 *   so a job queued again under the same id finds it finished and sends nothing);
 * - a completed test delivery is kept an hour (at most 10,000): the test route reads its outcome;
 * - a failed job (all attempts spent) is kept 7 days for operators, then removed.
 */
export const WEBHOOK_JOB_RETENTION = {
  eventCompleted: true,
  testCompleted: { age: 3600, count: 10000 },
  failed: { age: 7 * 24 * 3600 },
} as const;
