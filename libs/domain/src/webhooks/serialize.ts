import type { WebhookEventName } from '../events/names.js';
import { PAYLOAD_FIELD_ORDER } from '../events/payloads.js';
import { ROUTING_KEY } from '../events/routing.js';

/**
 * The delivery body of an event: compact `JSON.stringify` output, `event` first, the
 * spec's fields in the spec's order, then any other fields; the internal routing key is
 * never included. These exact bytes are signed, sent, and stored with the delivery, so
 * every retry sends the same body.
 */
export function webhookBody(type: WebhookEventName, payload: Record<string, unknown>): string {
  const ordered: Record<string, unknown> = { event: type };
  for (const key of PAYLOAD_FIELD_ORDER[type] as readonly string[]) {
    if (key !== 'event' && Object.hasOwn(payload, key)) ordered[key] = payload[key];
  }
  for (const [key, value] of Object.entries(payload)) {
    if (key !== ROUTING_KEY && !Object.hasOwn(ordered, key)) ordered[key] = value;
  }
  return JSON.stringify(ordered);
}
