/**
 * Ordering aids sent with every event delivery (an extension; the body stays the interface's
 * payload, byte for byte). Deliveries are not ordered (retries, parallel workers), so a receiver
 * that keeps the latest state of an object compares these instead of trusting arrival order.
 */
export const EVENT_ORDER_HEADERS = {
  /** The event's id in Payrail's event log (also `id` in GET /v2/events): larger = later, for the events of one object. Not contiguous. */
  sequence: 'x-payrail-event-sequence',
  /** When the state change the event reports happened: its transaction's time on the database clock, ISO 8601 (UTC, milliseconds). */
  occurredAt: 'x-payrail-occurred-at',
} as const;

/** The ordering headers of a delivery; none for a test delivery (no event behind it). */
export function eventOrderHeaders(event: { eventSequence: string | null; occurredAt: Date | null }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (event.eventSequence !== null) headers[EVENT_ORDER_HEADERS.sequence] = event.eventSequence;
  if (event.occurredAt !== null) headers[EVENT_ORDER_HEADERS.occurredAt] = event.occurredAt.toISOString();
  return headers;
}
