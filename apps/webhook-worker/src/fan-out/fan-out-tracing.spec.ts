import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import type { PublishedDomainEvent } from '@payrail/domain';
import { currentTraceparent } from '@payrail/persistence';
import { startTracing, traceJob, type Tracing } from '@payrail/platform';
import type { Job } from 'bullmq';
import { traceFanOut } from './fan-out-tracing.js';

// No I/O: the fan-out's span between the domain-events job and the delivery attempts it queues,
// on an in-memory exporter (the relay-direct path runs over real processes in test/e2e/traces).

const WRITER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
const event: PublishedDomainEvent = {
  outboxId: '41',
  type: 'payment.confirmed',
  aggregateType: 'request',
  aggregateId: 'r1',
  payload: {},
  requestId: null,
  occurredAt: new Date(0).toISOString(),
  traceparent: WRITER,
};
const job = (data: object, attemptsMade = 0) => ({ id: 'j1', name: 'payment.confirmed', attemptsMade, data }) as unknown as Job<unknown>;

describe('webhook fan-out tracing (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;
  beforeAll(async () => {
    tracing = await startTracing({ OTEL_ENABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, { exporter });
  });
  afterAll(() => tracing?.shutdown());

  it('runs a queued fan-out under its job span, and a delivery attempt under the traceparent its job carries', async () => {
    let queued: string | null = null;
    await traceJob('domain-events', job(event), () => traceFanOut(event, () => Promise.resolve((queued = currentTraceparent()))));
    const [fanOut, processed] = exporter.getFinishedSpans();
    expect(processed.name).toBe('process domain-events');
    expect(processed.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(fanOut.name).toBe('webhook fan-out');
    expect(fanOut.parentSpanContext?.spanId).toBe(processed.spanContext().spanId);
    expect(queued).toBe(`00-${fanOut.spanContext().traceId}-${fanOut.spanContext().spanId}-01`);

    exporter.reset();
    await expect(
      traceJob('webhook-deliveries', job({ traceparent: queued }, 2), () => Promise.reject(new Error('receiver answered 500'))),
    ).rejects.toThrow();
    const [attempt] = exporter.getFinishedSpans();
    expect(attempt.parentSpanContext?.spanId).toBe(fanOut.spanContext().spanId);
    expect(attempt.attributes).toMatchObject({ 'messaging.destination.name': 'webhook-deliveries', 'payrail.job.attempt': 3 });
    expect(attempt.status).toMatchObject({ code: 2, message: 'receiver answered 500' });
    expect(context.active()).toBe(ROOT_CONTEXT);
  });

  it('runs the fan-out as is when tracing is off', async () => {
    await tracing?.shutdown();
    tracing = undefined;
    exporter.reset();
    expect(await traceFanOut(event, () => Promise.resolve('fanned out'))).toBe('fanned out');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
