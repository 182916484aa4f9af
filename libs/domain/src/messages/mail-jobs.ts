/**
 * The jobs of the `mail` queue: e-mails sent over SMTP (MAIL_TRANSPORT=smtp) by auth-api's mail
 * worker, one job per mail, retried with back-off. auth-api queues verification mails, the
 * webhook-worker the endpoint-disabled notices.
 */

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
