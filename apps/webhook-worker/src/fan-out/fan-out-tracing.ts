import { context, trace } from '@opentelemetry/api';
import type { PublishedDomainEvent } from '@payrail/domain';
import { contextOfTraceparent } from '@payrail/persistence';
import { inSpan, tracingStarted } from '@payrail/platform';

/**
 * Runs the fan-out of one event in a span `webhook fan-out`: the child of the active span (the
 * `process domain-events` job) or else of the event's traceparent (the relay's publish span, when
 * the relay fans out itself). The delivery jobs it queues carry this span's traceparent.
 */
export function traceFanOut<T>(event: PublishedDomainEvent, run: () => Promise<T>): Promise<T> {
  if (!tracingStarted()) return run();
  const parent = trace.getActiveSpan() ? context.active() : contextOfTraceparent(event.traceparent);
  const attributes = { 'payrail.outbox.id': event.outboxId, 'payrail.event.type': event.type };
  return inSpan('webhook fan-out', { attributes }, parent, () => run());
}
