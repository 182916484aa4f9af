import { Injectable } from '@nestjs/common';
import {
  eventOrderHeaders,
  EXTENDED_ATTEMPT_HEADER,
  retryHeaders,
  signStandardWebhook,
  signWebhook,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
} from '@payrail/domain';
import type { DeliveryForAttempt } from '@payrail/persistence';
import { DeliveryTargetError, WebhookUrlGuard } from '@payrail/webhooks';
import { type SendResult, WebhookHttpSender } from './http-sender.js';
import { SecretCache } from './secret-cache.js';

/**
 * Sign, guard, send: one attempt's HTTP request. Signs the stored body with the endpoint's
 * secret (the interface's x-service-signature, plus the Standard Webhooks headers, where a
 * rotated-out secret also signs while its overlap lasts), resolves the URL to an address the URL
 * guard accepts, and POSTs to that address. A refused address is an answer like a timeout (no
 * status), never an exception.
 */
@Injectable()
export class AttemptSender {
  constructor(
    private readonly secrets: SecretCache,
    private readonly guard: WebhookUrlGuard,
    private readonly http: WebhookHttpSender,
  ) {}

  async send(delivery: DeliveryForAttempt): Promise<SendResult> {
    const headers = this.headers(delivery);
    const started = performance.now();
    try {
      const target = await this.guard.resolveTarget(delivery.endpoint.url);
      return await this.http.send(target, delivery.body, headers);
    } catch (error) {
      if (!(error instanceof DeliveryTargetError)) throw error;
      return { statusCode: null, responseBodyHead: null, error: error.message, durationMs: Math.round(performance.now() - started) };
    }
  }

  private headers(delivery: DeliveryForAttempt): Record<string, string> {
    const numbering = retryHeaders(delivery.roundAttempts);
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
    return headers;
  }
}
