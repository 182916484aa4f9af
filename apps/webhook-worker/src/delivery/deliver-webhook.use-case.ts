import { Injectable, Logger } from '@nestjs/common';
import {
  eventOrderHeaders,
  isDeliverySuccess,
  signStandardWebhook,
  signWebhook,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
} from '@payrail/domain';
import type { DeliveryForAttempt } from '@payrail/persistence';
import { DeliveryTargetError, WebhookUrlGuard } from '@payrail/webhooks';
import { DeliveryStore } from './delivery-store.js';
import { type SendResult, WebhookHttpSender } from './http-sender.js';
import { SecretCache } from './secret-cache.js';

export interface DeliverWebhookCommand {
  deliveryId: string;
  round: number;
  /** Attempts this round already made: the x-service-retry-count of this one. */
  attemptsMade: number;
  maxAttempts: number;
  /** The HTTP request that caused the event (from the job), logged with the attempt. */
  requestId: string | null;
}

/** How an attempt ended; 'failed' means the caller must throw so BullMQ retries (or fails) the job. */
export type AttemptOutcome = { kind: 'succeeded' } | { kind: 'failed'; reason: string } | { kind: 'skipped'; reason: string };

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
  ) {}

  async execute(command: DeliverWebhookCommand): Promise<AttemptOutcome> {
    const delivery = await this.store.load(command.deliveryId);
    // The endpoint was deleted (with its deliveries): nothing to send.
    if (!delivery) return { kind: 'skipped', reason: 'delivery no longer exists' };
    // Already delivered (a job re-run after a crash), or a newer manual round took over.
    if (delivery.round !== command.round || delivery.status !== 'pending')
      return { kind: 'skipped', reason: `delivery is ${delivery.status}` };
    if (!delivery.endpoint.isActive) {
      await this.store.fail(delivery.id, delivery.round, 'endpoint inactive');
      return { kind: 'skipped', reason: 'endpoint inactive' };
    }
    // Queued or retrying when its Client ID was deactivated, restricted or revoked: dropped, not sent.
    if (!delivery.endpoint.ownerActive) {
      await this.store.fail(delivery.id, delivery.round, 'Client ID not active');
      return { kind: 'skipped', reason: 'Client ID not active' };
    }
    const startedAt = new Date();
    const result = await this.attempt(delivery, command.attemptsMade);
    const succeeded = result.statusCode !== null && isDeliverySuccess(result.statusCode);
    await this.store.record({
      deliveryId: delivery.id,
      round: delivery.round,
      retryCount: command.attemptsMade,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      responseBodyHead: result.responseBodyHead,
      succeeded,
      final: succeeded || command.attemptsMade + 1 >= command.maxAttempts,
    });
    const logged = {
      deliveryId: delivery.id,
      webhookId: delivery.endpoint.id,
      requestId: command.requestId,
      retryCount: command.attemptsMade,
      statusCode: result.statusCode,
    };
    if (succeeded) {
      this.logger.log(logged, 'webhook delivered');
      return { kind: 'succeeded' };
    }
    const reason = result.error ?? `receiver answered ${result.statusCode}`;
    this.logger.warn({ ...logged, reason }, 'webhook attempt failed');
    return { kind: 'failed', reason };
  }

  private async attempt(delivery: DeliveryForAttempt, retryCount: number): Promise<SendResult> {
    const secrets = this.secrets.secretsOf(delivery.endpoint);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      // One value by the interface: the current secret's, also during a rotation's overlap.
      [WEBHOOK_HEADERS.signature]: signWebhook(delivery.body, secrets[0]),
      [WEBHOOK_HEADERS.delivery]: delivery.id,
      [WEBHOOK_HEADERS.retryCount]: String(retryCount),
      // Standard Webhooks: the same delivery id; signed afresh on every attempt with its own time.
      [STANDARD_WEBHOOK_HEADERS.id]: delivery.id,
      [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [STANDARD_WEBHOOK_HEADERS.signature]: signStandardWebhook({ id: delivery.id, timestamp, body: delivery.body }, secrets),
    };
    if (delivery.isTest) headers[WEBHOOK_HEADERS.test] = 'true';
    // Extension: the event's place among its object's events (the body stays the interface's payload).
    Object.assign(headers, eventOrderHeaders(delivery));
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
