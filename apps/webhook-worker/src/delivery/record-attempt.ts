import { Injectable, Logger } from '@nestjs/common';
import { isDeliverySuccess } from '@payrail/domain';
import type { DeliveryForAttempt } from '@payrail/persistence';
import { WebhookDeliveryQueue } from '@payrail/webhooks';
import { DeliveryStore } from './delivery-store.js';
import { EndpointDisabler } from './endpoint-disabler.js';
import type { SendResult } from './http-sender.js';
import { RetryPolicy } from './retry-policy.js';

/** An attempt the receiver answered (or that timed out): what the recorder needs of it. */
export interface SentAttempt {
  delivery: DeliveryForAttempt;
  result: SendResult;
  startedAt: Date;
  /** When the receiver answered (Date.now()): the next attempt's delay runs from here. */
  endedAt: number;
  /** The HTTP request that caused the event, logged with the attempt. */
  requestId: string | null;
  /** The job's W3C traceparent (tracing on): the next attempt's job carries it on. */
  traceparent: string | null;
}

/** How a recorded attempt ended (see AttemptOutcome in deliver-webhook.use-case.ts). */
export type RecordedOutcome =
  { kind: 'succeeded' } | { kind: 'retrying'; reason: string; delayMs: number } | { kind: 'failed'; reason: string };

/**
 * Record, decide, schedule next: writes the attempt and the delivery's new state to Postgres
 * (the retry policy decides whether another attempt follows and when), then, once that has
 * committed, queues the next attempt as a job of its own; after a failure it lets the disabler
 * judge the endpoint. The retry design as a whole is written beside the policy (retry-policy.ts).
 */
@Injectable()
export class AttemptRecorder {
  private readonly logger = new Logger(AttemptRecorder.name);

  constructor(
    private readonly store: DeliveryStore,
    private readonly policy: RetryPolicy,
    private readonly queue: WebhookDeliveryQueue,
    private readonly disabler: EndpointDisabler,
  ) {}

  async record(sent: SentAttempt): Promise<RecordedOutcome> {
    const { delivery, result } = sent;
    const retryNumber = delivery.roundAttempts;
    const succeeded = result.statusCode !== null && isDeliverySuccess(result.statusCode);
    const next = succeeded
      ? null
      : this.policy.next({
          attemptsMade: retryNumber + 1,
          isTest: delivery.isTest,
          extendedRetries: delivery.endpoint.extendedRetries,
          statusCode: result.statusCode,
          retryAfter: result.retryAfter,
        });
    await this.store.record({
      deliveryId: delivery.id,
      round: delivery.round,
      retryCount: retryNumber,
      startedAt: sent.startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      responseBodyHead: result.responseBodyHead,
      succeeded,
      final: next === null || next.kind !== 'retry',
      ...(next?.kind === 'retry' ? { nextDelayMs: next.delayMs } : {}),
    });
    const logged = {
      deliveryId: delivery.id,
      webhookId: delivery.endpoint.id,
      requestId: sent.requestId,
      retryCount: retryNumber,
      statusCode: result.statusCode,
    };
    if (next === null) {
      this.logger.log(logged, 'webhook delivered');
      return { kind: 'succeeded' };
    }
    const reason = result.error ?? `receiver answered ${result.statusCode}`;
    this.logger.warn({ ...logged, reason }, 'webhook attempt failed');
    if (next.kind !== 'retry') {
      if (!delivery.isTest) await this.disabler.afterFailure(delivery.endpoint.id, next.kind === 'gone', result);
      return { kind: 'failed', reason };
    }
    await this.queue.enqueue([
      {
        deliveryId: delivery.id,
        round: delivery.round,
        attempt: retryNumber + 1,
        test: false,
        requestId: delivery.requestId,
        lane: delivery.lane,
        eventType: delivery.eventType,
        ...(sent.traceparent ? { traceparent: sent.traceparent } : {}),
        // The delay runs from the failure, not from the end of its recording.
        delayMs: Math.max(1, next.delayMs - (Date.now() - sent.endedAt)),
      },
    ]);
    await this.disabler.afterFailure(delivery.endpoint.id, false, result);
    return { kind: 'retrying', reason, delayMs: next.delayMs };
  }
}
