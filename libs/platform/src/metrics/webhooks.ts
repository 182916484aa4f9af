import { Counter, Histogram } from 'prom-client';
import { decodeTime } from 'ulid';
import { metricsRegistry, ScrapedGauge } from './registry.js';

const registers = [metricsRegistry];

export const queueJobs = new ScrapedGauge({
  name: 'payrail_queue_jobs',
  help: 'Jobs in a BullMQ queue by state (waiting, delayed, active, failed): the webhook worker scales on waiting',
  labelNames: ['queue', 'state'] as const,
});

export const queueWait = new Histogram({
  name: 'payrail_queue_wait_seconds',
  help: 'Time a job waited in its queue before a worker started it (from when it was due)',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers,
});

export const webhookDeliveries = new Counter({
  name: 'payrail_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (succeeded, failed, skipped) and attempt number (1 = first)',
  labelNames: ['outcome', 'attempt'] as const,
  registers,
});

export const webhookDeliveryLatency = new Histogram({
  name: 'payrail_webhook_delivery_latency_seconds',
  help: 'From the event being fanned out to its first attempt (stage=first_attempt) and to its success (stage=success)',
  labelNames: ['stage'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
  registers,
});

export const webhookEndpointsDisabled = new ScrapedGauge({
  name: 'payrail_webhook_endpoints_disabled',
  help: 'Webhook endpoints that are not active (disabled by their owner or after failing deliveries)',
  labelNames: [] as const,
});

export const webhookDisabledNotices = new Counter({
  name: 'payrail_webhook_disabled_notices_total',
  help: 'E-mails to owners of endpoints Payrail disabled: queued (one per recipient), no_address (no owner with a verified e-mail address: none sent), mail_off (MAIL_TRANSPORT is not smtp: none sent)',
  labelNames: ['outcome'] as const,
  registers,
});

/** Attempt numbers above this share one label value, so the label stays bounded whatever the retry schedule. */
const MAX_ATTEMPT_LABEL = 20;

/** A job started: how long it waited since it was due (its creation plus any delay; retries from their backoff's end). */
export function observeQueueWait(queue: string, job: { timestamp: number; processedOn?: number; delay?: number }): void {
  const started = job.processedOn ?? Date.now();
  queueWait.observe({ queue }, Math.max(0, started - job.timestamp - (job.delay ?? 0)) / 1000);
}

/**
 * One delivery attempt ended. Latency is measured from the delivery's creation (its id is a ULID
 * minted when the relay fanned the event out), for automatic deliveries only (not test fires or
 * manual redeliveries).
 */
export function observeDeliveryAttempt(
  job: { deliveryId: string; round: number; test: boolean },
  /** The attempt's retry number in its round (0 for the first). */
  retryNumber: number,
  outcome: 'succeeded' | 'failed' | 'skipped',
): void {
  const attempt = Math.min(retryNumber + 1, MAX_ATTEMPT_LABEL);
  webhookDeliveries.inc({ outcome, attempt: attempt === MAX_ATTEMPT_LABEL ? `${MAX_ATTEMPT_LABEL}+` : String(attempt) });
  if (job.test || job.round !== 0 || outcome === 'skipped') return;
  const created = safeDecodeTime(job.deliveryId);
  if (created === undefined) return;
  const seconds = Math.max(0, Date.now() - created) / 1000;
  if (retryNumber === 0) webhookDeliveryLatency.observe({ stage: 'first_attempt' }, seconds);
  if (outcome === 'succeeded') webhookDeliveryLatency.observe({ stage: 'success' }, seconds);
}

function safeDecodeTime(id: string): number | undefined {
  try {
    return decodeTime(id);
  } catch {
    return undefined;
  }
}

const JOB_STATES = ['waiting', 'delayed', 'active', 'failed'] as const;

/** Reports these queues' job counts at each scrape (one Redis round trip per queue). */
export function readQueueDepths(queues: { name: string; getJobCounts(...types: string[]): Promise<Record<string, number>> }[]): void {
  queueJobs.readFrom(async () => {
    const counts = await Promise.all(queues.map((q) => q.getJobCounts(...JOB_STATES)));
    return queues.flatMap((q, i) => JOB_STATES.map((state) => ({ labels: { queue: q.name, state }, value: counts[i][state] ?? 0 })));
  });
}
