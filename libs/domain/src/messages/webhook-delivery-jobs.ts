/**
 * The jobs of the `webhook-deliveries` and `webhook-recovery` queues: queued by libs/webhooks
 * (payments-api's test fires and redeliveries, the webhook-worker's fan-out and reconciler),
 * consumed by the webhook-worker. A delivery's body, endpoint and state are in Postgres.
 */
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
