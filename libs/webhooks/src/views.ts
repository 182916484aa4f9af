import type { WebhookDeliveryAttemptEntity, WebhookDeliveryRow, WebhookEndpointEntity } from '@payrail/persistence';
import type { DeliveryAttemptDto, DeliveryDto } from './dto/delivery.dto.js';
import type { WebhookDto } from './dto/webhook.dto.js';

/** An endpoint as every route shows it: never the secret, in any form. */
export function webhookView(e: WebhookEndpointEntity): WebhookDto {
  return {
    id: e.id,
    url: e.url,
    isActive: e.isActive,
    createdAt: e.createdAt.toISOString(),
    extendedRetries: e.extendedRetries,
    maxConcurrency: e.maxConcurrency,
    maxPerSecond: e.maxPerSecond,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt?.toISOString() ?? null,
  };
}

function attemptView(a: WebhookDeliveryAttemptEntity): DeliveryAttemptDto {
  return {
    retryCount: a.retryCount,
    round: a.round,
    startedAt: a.startedAt.toISOString(),
    durationMs: a.durationMs,
    statusCode: a.statusCode,
    error: a.error,
    responseBodyHead: a.responseBodyHead,
    succeeded: a.succeeded,
  };
}

export function deliveryView(d: WebhookDeliveryRow, attempts: WebhookDeliveryAttemptEntity[]): DeliveryDto {
  return {
    id: d.id,
    webhookId: d.endpointId,
    eventType: d.eventType,
    test: d.isTest,
    status: d.status,
    attemptCount: d.attemptCount,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt?.toISOString() ?? null,
    payload: JSON.parse(d.body) as Record<string, unknown>,
    attempts: attempts.filter((a) => a.deliveryId === d.id).map(attemptView),
  };
}
