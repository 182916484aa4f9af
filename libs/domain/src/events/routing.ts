import type { DomainEvent } from '../events.js';
import type { WebhookEventName } from './names.js';
import type { WebhookPayloads } from './payloads.js';

/**
 * The envelope extension that tells the dispatcher whose event this is. The outbox stores
 * only a payload, so it travels in the payload under a reserved key that the dispatcher
 * strips before anything is sent:
 *
 *   payload.clientId        public `cli_...` value: the Client ID the thing was created with (spec field)
 *   payload.orchestratorId  the orchestrator it was created through (spec field)
 *   payload._routing        { platformId }: internal, never delivered
 *
 * Recipients: with a clientId, that Client ID's endpoints; without one (created with an
 * API key), the endpoints of every Client ID of `platformId`; plus the orchestratorId's
 * endpoints where EVENT_RECIPIENTS says so.
 */
export const ROUTING_KEY = '_routing';

export interface EventRouting {
  /** Internal platform id (ULID) owning the Client ID or API key that created the thing. */
  platformId: string;
}

export type RoutedPayload<E extends WebhookEventName> = WebhookPayloads[E] & { [ROUTING_KEY]: EventRouting };

export interface EventAggregate {
  aggregateType: string;
  aggregateId: string;
}

/**
 * Builds a webhook event for `appendToOutbox`, typed by its name: the payload is checked
 * against the spec's shape and `event` is filled in.
 */
export function webhookEvent<E extends WebhookEventName>(
  type: E,
  aggregate: EventAggregate,
  payload: Omit<WebhookPayloads[E], 'event'>,
  routing: EventRouting,
): DomainEvent {
  const full: RoutedPayload<E> = { event: type, ...payload, [ROUTING_KEY]: { platformId: routing.platformId } } as RoutedPayload<E>;
  // The outbox stores any JSON object; the typed shape above is what the compiler checked.
  return { type, aggregateType: aggregate.aggregateType, aggregateId: aggregate.aggregateId, payload: { ...full } };
}

/** Separates the internal routing from what is delivered. */
export function splitRouting(payload: Record<string, unknown>): { body: Record<string, unknown>; routing: EventRouting | null } {
  const { [ROUTING_KEY]: raw, ...body } = payload;
  const platformId = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).platformId : undefined;
  return { body, routing: typeof platformId === 'string' && platformId.length > 0 ? { platformId } : null };
}

const stringField = (payload: Record<string, unknown>, key: string): string | null => {
  const value = payload[key];
  return typeof value === 'string' && value.length > 0 ? value : null;
};

/** The tenant identity a payload carries (spec: Payload identity rules). */
export function payloadIdentity(payload: Record<string, unknown>): { clientId: string | null; orchestratorId: string | null } {
  return { clientId: stringField(payload, 'clientId'), orchestratorId: stringField(payload, 'orchestratorId') };
}
