import { Injectable, Logger } from '@nestjs/common';
import {
  eventOrderHeaders,
  EXTENDED_ATTEMPT_HEADER,
  isDeliverySuccess,
  retryHeaders,
  signStandardWebhook,
  signWebhook,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
} from '@payrail/domain';
import type { DeliveryForAttempt } from '@payrail/persistence';
import { DeliveryTargetError, WebhookDeliveryQueue, WebhookUrlGuard } from '@payrail/webhooks';
import { AttemptClaims, CLAIMED_RETRY_MS } from './limits/attempt-claims.js';
import { DeliverySlots } from './limits/delivery-slots.js';
import { EndpointLimiter } from './limits/endpoint-limiter.js';
import { DeliveryStore } from './delivery-store.js';
import { EndpointDisabler } from './endpoint-disabler.js';
import { type SendResult, WebhookHttpSender } from './http-sender.js';
import { RetryPolicy } from './retry-policy.js';
import { SecretCache } from './secret-cache.js';

export interface DeliverWebhookCommand {
  deliveryId: string;
  round: number;
  /** The attempt of the round this job is for (its retry number); undefined: whichever is next (jobs queued before #22). */
  attempt: number | undefined;
  /** The HTTP request that caused the event (from the job), logged with the attempt. */
  requestId: string | null;
  /** The job's W3C traceparent (tracing on): the next attempt's job carries it on. */
  traceparent?: string | null;
}

/**
 * How an attempt ended: 'failed' = the round's last attempt failed (the caller fails the job,
 * unrecoverably); 'retrying' = recorded, and the next attempt is queued; 'busy' = the endpoint's
 * limits refused it for now: put the job back for `ms` (`eventType`: the name of a job queued for it).
 */
export type AttemptOutcome =
  | { kind: 'succeeded' }
  | { kind: 'retrying'; reason: string; delayMs: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'busy'; ms: number; eventType: string };

/**
 * One delivery attempt: signs the stored body with the endpoint's secret (the interface's
 * x-service-signature, plus the Standard Webhooks headers, where a rotated-out secret also
 * signs while its overlap lasts), POSTs it to the
 * address the URL guard checked, and records the attempt (status, duration, error, body
 * head) and the delivery's new state in Postgres before reporting the outcome.
 */
@Injectable()
export class DeliverWebhook {
  private readonly logger = new Logger(DeliverWebhook.name);

  constructor(
    private readonly store: DeliveryStore,
    private readonly secrets: SecretCache,
    private readonly guard: WebhookUrlGuard,
    private readonly sender: WebhookHttpSender,
    private readonly limiter: EndpointLimiter,
    private readonly policy: RetryPolicy,
    private readonly queue: WebhookDeliveryQueue,
    private readonly disabler: EndpointDisabler,
    private readonly slots: DeliverySlots,
    private readonly claims: AttemptClaims,
  ) {}

  /**
   * Takes one of the process's slots, then loads the delivery (the loads of the attempts that get
   * a slot in the same turn, e.g. a batch job's, share one query; loaded only once it can be sent,
   * so what it is checked against is fresh).
   */
  async execute(command: DeliverWebhookCommand): Promise<AttemptOutcome> {
    const releaseSlot = await this.slots.acquire();
    try {
      return await this.attemptLoaded(await this.store.load(command.deliveryId), command, releaseSlot);
    } finally {
      releaseSlot();
    }
  }

  private async attemptLoaded(
    delivery: DeliveryForAttempt | null,
    command: DeliverWebhookCommand,
    releaseSlot: () => void,
  ): Promise<AttemptOutcome> {
    // The endpoint was deleted (with its deliveries): nothing to send.
    if (!delivery) return { kind: 'skipped', reason: 'delivery no longer exists' };
    // Already delivered (a job re-run after a crash), or a newer manual round took over.
    if (delivery.round !== command.round || delivery.status !== 'pending')
      return { kind: 'skipped', reason: `delivery is ${delivery.status}` };
    // This attempt was made already (a job queued again by the reconciler after it ran).
    if (command.attempt !== undefined && command.attempt !== delivery.roundAttempts)
      return { kind: 'skipped', reason: `attempt ${command.attempt} already made` };
    if (!delivery.endpoint.isActive) {
      await this.store.fail(delivery.id, delivery.round, 'endpoint inactive');
      return { kind: 'skipped', reason: 'endpoint inactive' };
    }
    // Queued or retrying when its Client ID was deactivated, restricted or revoked: dropped, not sent.
    if (!delivery.endpoint.ownerActive) {
      await this.store.fail(delivery.id, delivery.round, 'Client ID not active');
      return { kind: 'skipped', reason: 'Client ID not active' };
    }
    const limit = await this.limiter.acquire(delivery.endpoint);
    if (limit.kind === 'wait') return { kind: 'busy', ms: limit.ms, eventType: delivery.eventType };
    try {
      // Another job is making this very attempt (see AttemptClaims): look again once it is recorded.
      if (!(await this.claims.claim(delivery.id, delivery.round, delivery.roundAttempts)))
        return { kind: 'busy', ms: CLAIMED_RETRY_MS, eventType: delivery.eventType };
      // The other job may have made, recorded and given back this attempt between our load and our
      // claim: what was loaded before the claim is stale, so look again under it.
      const current = await this.store.load(delivery.id);
      if (
        !current ||
        current.round !== delivery.round ||
        current.status !== 'pending' ||
        current.roundAttempts !== delivery.roundAttempts
      ) {
        await this.claims.release(delivery.id, delivery.round, delivery.roundAttempts);
        return { kind: 'skipped', reason: `attempt ${delivery.roundAttempts} already made` };
      }
      // The slots bound requests in flight: both are free again once the receiver answered, before the recording.
      const outcome = await this.attemptAndRecord(
        delivery,
        command.requestId,
        command.traceparent ?? null,
        () => (limit.release(), releaseSlot()),
      );
      await this.claims.release(delivery.id, delivery.round, delivery.roundAttempts);
      return outcome;
    } finally {
      limit.release();
    }
  }

  private async attemptAndRecord(
    delivery: DeliveryForAttempt,
    requestId: string | null,
    traceparent: string | null,
    sent: () => void,
  ): Promise<AttemptOutcome> {
    const retryNumber = delivery.roundAttempts;
    const startedAt = new Date();
    const result = await this.attempt(delivery, retryNumber);
    sent();
    const endedAt = Date.now();
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
      startedAt,
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
      requestId,
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
    // The delay runs from the failure, not from the end of its recording.
    await this.queue.enqueue([
      {
        deliveryId: delivery.id,
        round: delivery.round,
        attempt: retryNumber + 1,
        test: false,
        requestId: delivery.requestId,
        lane: delivery.lane,
        eventType: delivery.eventType,
        ...(traceparent ? { traceparent } : {}),
        delayMs: Math.max(1, next.delayMs - (Date.now() - endedAt)),
      },
    ]);
    await this.disabler.afterFailure(delivery.endpoint.id, false, result);
    return { kind: 'retrying', reason, delayMs: next.delayMs };
  }

  private async attempt(delivery: DeliveryForAttempt, retryNumber: number): Promise<SendResult> {
    const numbering = retryHeaders(retryNumber);
    const secrets = this.secrets.keysOf(delivery.endpoint);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      // One value by the interface: the current secret's, also during a rotation's overlap.
      [WEBHOOK_HEADERS.signature]: signWebhook(delivery.body, secrets[0]),
      [WEBHOOK_HEADERS.delivery]: delivery.id,
      [WEBHOOK_HEADERS.retryCount]: numbering.retryCount,
      // Standard Webhooks: the same delivery id; signed afresh on every attempt with its own time.
      [STANDARD_WEBHOOK_HEADERS.id]: delivery.id,
      [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [STANDARD_WEBHOOK_HEADERS.signature]: signStandardWebhook({ id: delivery.id, timestamp, body: delivery.body }, secrets),
    };
    if (delivery.isTest) headers[WEBHOOK_HEADERS.test] = 'true';
    // Extension: the event's place among its object's events (the body stays the interface's payload).
    Object.assign(headers, eventOrderHeaders(delivery));
    if (numbering.extendedAttempt !== null) headers[EXTENDED_ATTEMPT_HEADER] = numbering.extendedAttempt;
    const started = performance.now();
    try {
      const target = await this.guard.resolveTarget(delivery.endpoint.url);
      return await this.sender.send(target, delivery.body, headers);
    } catch (error) {
      if (!(error instanceof DeliveryTargetError)) throw error;
      return { statusCode: null, responseBodyHead: null, error: error.message, durationMs: Math.round(performance.now() - started) };
    }
  }
}
