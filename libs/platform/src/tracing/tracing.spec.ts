import { context, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import type { PublishedDomainEvent } from '@payrail/domain';
import { currentTraceparent } from '@payrail/persistence';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import type { Job } from 'bullmq';
import { validateEnv, BaseEnv } from '../config/env.js';
import { tracePublish, traceJob } from './jobs.js';
import { startTracing, tracingStarted, type Tracing } from './tracing.js';

// No I/O: the spans the relay and the queue jobs start, on an in-memory exporter (the webhook
// fan-out's span: apps/webhook-worker; the HTTP and relay-direct paths run over real processes in
// test/e2e/traces).

const event = (traceparent: string | null): PublishedDomainEvent => ({
  outboxId: '41',
  type: 'payment.confirmed',
  aggregateType: 'request',
  aggregateId: 'r1',
  payload: {},
  requestId: null,
  occurredAt: new Date(0).toISOString(),
  traceparent,
});
const job = (data: object, attemptsMade = 0) => ({ id: 'j1', name: 'payment.confirmed', attemptsMade, data }) as unknown as Job<unknown>;
const ON = { OTEL_ENABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' };
const WRITER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('tracing off', () => {
  it('starts nothing: no provider, non-recording spans, no traceparent to store, wrapped work runs as is', async () => {
    const exporter = new InMemorySpanExporter();
    expect(await startTracing({ ...ON, OTEL_ENABLED: false }, { exporter })).toBeUndefined();
    expect(tracingStarted()).toBe(false);
    const probe = trace.getTracer('payrail').startSpan('probe');
    expect(probe.isRecording()).toBe(false);
    expect(currentTraceparent(trace.setSpan(ROOT_CONTEXT, probe))).toBeNull();
    const published: PublishedDomainEvent[][] = [];
    await tracePublish([event(null)], (events) => Promise.resolve(void published.push(events)));
    expect(published).toEqual([[event(null)]]);
    expect(await traceJob('webhook-deliveries', job({}), () => Promise.resolve('succeeded'))).toBe('succeeded');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('is what the environment says by default, and refuses bad values at boot', () => {
    const base = { DATABASE_URL: 'postgres://x@db/x', REDIS_URL: 'redis://r:6379' };
    expect(validateEnv(BaseEnv, base)).toMatchObject({ OTEL_ENABLED: false, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://localhost:4318' });
    expect(validateEnv(BaseEnv, { ...base, OTEL_ENABLED: 'true' }).OTEL_ENABLED).toBe(true);
    expect(() => validateEnv(BaseEnv, { ...base, OTEL_ENABLED: 'yes' })).toThrow('OTEL_ENABLED: must be true or false');
    expect(() => validateEnv(BaseEnv, { ...base, OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL',
    );
    expect(() => validateEnv(BaseEnv, { ...base, OTEL_SERVICE_NAME: 'two words' })).toThrow('OTEL_SERVICE_NAME');
  });
});

describe('tracing on (in-memory exporter)', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;
  beforeAll(async () => {
    tracing = await startTracing(ON, { exporter });
  });
  afterAll(() => tracing?.shutdown());
  beforeEach(() => exporter.reset());
  const spans = () => exporter.getFinishedSpans();

  it("publishes each relayed event in a span under the row's traceparent and hands the publisher that span's traceparent", async () => {
    const published: PublishedDomainEvent[] = [];
    await tracePublish([event(WRITER), event(null)], (events) => Promise.resolve(void published.push(...events)));
    const [fromRow, fresh] = spans();
    expect(fromRow.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(fromRow.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(fresh.parentSpanContext).toBeUndefined(); // a row written without tracing starts a trace
    expect(published.map((e) => e.traceparent)).toEqual(
      [fromRow, fresh].map((s) => `00-${s.spanContext().traceId}-${s.spanContext().spanId}-01`),
    );
  });

  it('runs a job in a CONSUMER span under the traceparent its data carries, numbered by its attempt, a throw as an error', async () => {
    await traceJob('domain-events', job(event(WRITER)), () => Promise.resolve('done'));
    const [processed] = spans();
    expect(processed.name).toBe('process domain-events');
    expect(processed.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(processed.attributes).toMatchObject({ 'messaging.destination.name': 'domain-events', 'payrail.job.result': 'done' });

    exporter.reset();
    await expect(
      traceJob('webhook-deliveries', job({ traceparent: WRITER }, 2), () => Promise.reject(new Error('receiver answered 500'))),
    ).rejects.toThrow();
    const [attempt] = spans();
    expect(attempt.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(attempt.attributes).toMatchObject({ 'messaging.destination.name': 'webhook-deliveries', 'payrail.job.attempt': 3 });
    expect(attempt.status).toMatchObject({ code: 2, message: 'receiver answered 500' });
    expect(context.active()).toBe(ROOT_CONTEXT);
  });

  it('marks a span an error when its result is one the caller names a failure (recorded, retried by a new job)', async () => {
    const failure = (result: unknown) => (result === 'retrying' ? 'attempt failed; retry queued' : undefined);
    await traceJob('webhook-deliveries', job({}), () => Promise.resolve('retrying'), failure);
    await traceJob('webhook-deliveries', job({}), () => Promise.resolve('succeeded'), failure);
    await traceJob('webhook-deliveries', job({}), () => Promise.resolve('retrying'));
    expect(spans().map((s) => [s.attributes['payrail.job.result'], s.status])).toEqual([
      ['retrying', { code: 2, message: 'attempt failed; retry queued' }],
      ['succeeded', { code: 0 }],
      ['retrying', { code: 0 }],
    ]);
  });
});
