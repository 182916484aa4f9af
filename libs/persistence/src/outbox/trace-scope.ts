import { context, type Context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';

/**
 * The W3C `traceparent` of the span active in `from` (the current context by default), to store
 * beside work that continues elsewhere (an outbox row, a job). Null when tracing is off: then no
 * propagator is registered and nothing is injected.
 */
export function currentTraceparent(from: Context = context.active()): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(from, carrier);
  return carrier.traceparent ?? null;
}

/** The context a stored `traceparent` continues (a root context when there is none or it is malformed). */
export function contextOfTraceparent(traceparent: string | null | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}
