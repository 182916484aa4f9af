import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { PublishedDomainEvent } from '@payrail/domain';
import { contextOfTraceparent, currentTraceparent } from '@payrail/persistence';
import type { Job } from 'bullmq';
import { QUEUES } from '../queues/queues.js';
import { failSpan, inSpan, tracer, tracingStarted } from './tracing.js';

const BULLMQ = { 'messaging.system': 'bullmq' } as const;

/**
 * Publishes relayed outbox events each in a PRODUCER span `publish domain-events`, the child of
 * the span that wrote the row (its stored traceparent; a new trace when it has none), and hands
 * the publisher events whose traceparent is that span: the domain-event job carries it on.
 */
export async function tracePublish(
  events: PublishedDomainEvent[],
  publish: (events: PublishedDomainEvent[]) => Promise<void>,
): Promise<void> {
  if (!tracingStarted()) return publish(events);
  const spans = events.map((event) =>
    tracer().startSpan(
      `publish ${QUEUES.domainEvents}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          ...BULLMQ,
          'messaging.operation.type': 'send',
          'messaging.destination.name': QUEUES.domainEvents,
          'payrail.outbox.id': event.outboxId,
          'payrail.event.type': event.type,
        },
      },
      contextOfTraceparent(event.traceparent),
    ),
  );
  try {
    await publish(events.map((event, i) => ({ ...event, traceparent: currentTraceparent(trace.setSpan(ROOT_CONTEXT, spans[i])) })));
  } catch (error) {
    spans.forEach((span) => failSpan(span, error));
    throw error;
  } finally {
    spans.forEach((span) => span.end());
  }
}

/** What a job's span reads of it: a BullMQ job, or one delivery of a batch job (its own id and data). */
export type TracedJob = Pick<Job<unknown>, 'id' | 'name' | 'data' | 'attemptsMade'>;

/**
 * A result that is still a failure (the work failed, was recorded and will be retried by a new
 * job): the message of the span's error status; undefined for a success.
 */
export type JobResultFailure = (result: unknown) => string | undefined;

/**
 * Runs one job in a CONSUMER span `process <queue>`, the child of the traceparent in its data
 * (the relay's publish span, the fan-out's span) or a new trace. A string the processor answers
 * becomes `payrail.job.result`; a throw marks the span an error, as does a result `failure` names.
 */
export function traceJob<T>(queue: string, job: TracedJob, run: () => Promise<T>, failure?: JobResultFailure): Promise<T> {
  if (!tracingStarted()) return run();
  const traceparent = (job.data as { traceparent?: unknown } | undefined)?.traceparent;
  const attributes = {
    ...BULLMQ,
    'messaging.operation.type': 'process',
    'messaging.destination.name': queue,
    'messaging.message.id': job.id ?? '',
    'payrail.job.name': job.name,
    // A job that is one attempt of a series carries `data.attempt` (0-based); other jobs count BullMQ's runs.
    'payrail.job.attempt': attemptOf(job),
  };
  return inSpan(
    `process ${queue}`,
    { kind: SpanKind.CONSUMER, attributes },
    contextOfTraceparent(typeof traceparent === 'string' ? traceparent : null),
    async (span) => {
      const result = await run();
      if (typeof result === 'string') span.setAttribute('payrail.job.result', result);
      const failed = failure?.(result);
      if (failed !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: failed });
      return result;
    },
  );
}

function attemptOf(job: TracedJob): number {
  const attempt = (job.data as { attempt?: unknown } | undefined)?.attempt;
  return typeof attempt === 'number' ? attempt + 1 : job.attemptsMade + 1;
}
