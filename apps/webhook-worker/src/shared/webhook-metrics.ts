import { Injectable } from '@nestjs/common';
import { metricsRegistry, ScrapedGauge, type Sample } from '@payrail/platform';
import { Counter, Histogram } from 'prom-client';
import { decodeTime } from 'ulid';

// The metric families are registered once per process (prom-client refuses a name twice); the
// WebhookMetrics provider is what the delivery and fan-out code is handed.
const registers = [metricsRegistry];

const deliveries = new Counter({
  name: 'payrail_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (succeeded, failed, skipped) and attempt number (1 = first)',
  labelNames: ['outcome', 'attempt'] as const,
  registers,
});

const deliveryLatency = new Histogram({
  name: 'payrail_webhook_delivery_latency_seconds',
  help: 'From the event being fanned out to its first attempt (stage=first_attempt) and to its success (stage=success)',
  labelNames: ['stage'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 86400],
  registers,
});

const endpointsDisabled = new ScrapedGauge({
  name: 'payrail_webhook_endpoints_disabled',
  help: 'Webhook endpoints that are not active (disabled by their owner or after failing deliveries)',
  labelNames: [] as const,
});

const disabledNotices = new Counter({
  name: 'payrail_webhook_disabled_notices_total',
  help: 'E-mails to owners of endpoints Payrail disabled: queued (one per recipient), no_address (no owner with a verified e-mail address: none sent), mail_off (MAIL_TRANSPORT is not smtp: none sent)',
  labelNames: ['outcome'] as const,
  registers,
});

/** Attempt numbers above this share one label value, so the label stays bounded whatever the retry schedule. */
const MAX_ATTEMPT_LABEL = 20;

export type DeliveryMetricOutcome = 'succeeded' | 'failed' | 'skipped';
export type DisabledNoticeOutcome = 'queued' | 'no_address' | 'mail_off';

/** The webhook-worker's own metrics: delivery attempts and latency, disabled endpoints and their owner notices. */
@Injectable()
export class WebhookMetrics {
  /**
   * One delivery attempt ended. Latency is measured from the delivery's creation (its id is a ULID
   * minted when the relay fanned the event out), for automatic deliveries only (not test fires or
   * manual redeliveries).
   */
  deliveryAttempt(
    job: { deliveryId: string; round: number; test: boolean },
    /** The attempt's retry number in its round (0 for the first). */
    retryNumber: number,
    outcome: DeliveryMetricOutcome,
  ): void {
    const attempt = Math.min(retryNumber + 1, MAX_ATTEMPT_LABEL);
    deliveries.inc({ outcome, attempt: attempt === MAX_ATTEMPT_LABEL ? `${MAX_ATTEMPT_LABEL}+` : String(attempt) });
    if (job.test || job.round !== 0 || outcome === 'skipped') return;
    const created = safeDecodeTime(job.deliveryId);
    if (created === undefined) return;
    const seconds = Math.max(0, Date.now() - created) / 1000;
    if (retryNumber === 0) deliveryLatency.observe({ stage: 'first_attempt' }, seconds);
    if (outcome === 'succeeded') deliveryLatency.observe({ stage: 'success' }, seconds);
  }

  /** Owner notices of a disabled endpoint: `count` recipients queued, or why none was. */
  disabledNotice(outcome: DisabledNoticeOutcome, count = 1): void {
    disabledNotices.inc({ outcome }, count);
  }

  /** The count of endpoints not active, read at each scrape. */
  readDisabledEndpoints(read: () => Promise<Sample<never>[]>): void {
    endpointsDisabled.readFrom(read);
  }
}

function safeDecodeTime(id: string): number | undefined {
  try {
    return decodeTime(id);
  } catch {
    return undefined;
  }
}
