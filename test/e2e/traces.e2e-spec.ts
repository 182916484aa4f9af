import { randomBytes } from 'node:crypto';
import { type AppHandle, waitFor } from '@payrail/devstack';
import { createDataSource, sqlOne } from '@payrail/persistence';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { OtlpReceiver, type ReceivedSpan } from '@payrail/test-support/tracing/otlp-receiver.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import type { DataSource } from 'typeorm';

// The built payments-api and webhook-worker as real processes exporting OTLP/HTTP to a receiver in
// this test: an HTTP call, the outbox row it writes, the relay, the fan-out and every webhook
// attempt (a run of the delivery job) form one trace; with tracing off (the default) nothing is exported or stored.

const SPAN_KIND = { server: 2, producer: 4, consumer: 5 } as const;
const ERROR = 2;

interface Flow {
  apps: AppHandle[];
  db: DataSource;
  env: Record<string, string>;
  webhooks: TestReceiver;
  otlp: OtlpReceiver;
}

/** payments-api and webhook-worker on a fresh database, the merchant endpoint answering 500 once, then 200. */
async function startFlow(extra: Record<string, string>): Promise<Flow> {
  const databaseUrl = await createTestDatabase();
  const db = createDataSource(databaseUrl, 2);
  await db.initialize();
  const otlp = await OtlpReceiver.start();
  const env = appEnv(databaseUrl, uniqueName('otel'), {
    OUTBOX_POLL_INTERVAL_MS: '50',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    ...extra,
  });
  const apps = await Promise.all((['payments-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)));
  const webhooks = await TestReceiver.start((_request, index) =>
    index === 0 ? { status: 500, body: 'try again' } : { status: 200, body: 'ok' },
  );
  return { apps, db, env, webhooks, otlp };
}

async function stopFlow(flow: Flow | undefined): Promise<void> {
  if (!flow) return;
  await Promise.all(flow.apps.map((a) => a.stop()));
  await flow.webhooks.close();
  await flow.otlp.close();
  await flow.db.destroy();
}

/** Registers a payer, then PATCHes it (one compliance.updated event); answers the PATCH's outbox row. */
async function patchPayer(flow: Flow, headers: Record<string, string> = {}) {
  const tenant = await createTenantIn(flow.env);
  await addEndpoint(flow.db, { kind: 'client-id', clientIdId: tenant.client.id }, flow.webhooks.url('/compliance'));
  const call = (method: string, path: string, body: object, extraHeaders: Record<string, string> = {}) =>
    fetch(`${flow.apps[0].url}/v2/payer${path}`, {
      method,
      headers: { 'x-api-key': tenant.apiKey.apiKey, 'content-type': 'application/json', ...extraHeaders },
      body: JSON.stringify(body),
    });
  const clientUserId = `otel-${Date.now()}`;
  const registered = await call('POST', '', {
    clientUserId,
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    beneficiaryType: 'individual',
    dateOfBirth: '1906-12-09',
    addressLine1: '1 Harbour Street',
    city: 'New York',
    state: 'NY',
    postcode: '10001',
    country: 'US',
    nationality: 'US',
    phone: '+12025550123',
  });
  expect(registered.status).toBe(200);
  const patched = await call('PATCH', `/${clientUserId}`, { agreementCompleted: true }, headers);
  expect(patched.status).toBe(200);
  const row = await sqlOne<{ id: string; traceparent: string | null }>(
    flow.db,
    `SELECT id::text AS id, traceparent FROM outbox_events WHERE aggregate_type = 'payer' AND event_type = 'compliance.updated'`,
  );
  // Two attempts: the first answered 500, the retry (1 s later) 200.
  await flow.webhooks.waitFor(2, 30000);
  return row!;
}

describe('traces with OTEL_ENABLED=true (built apps, real processes, OTLP/HTTP)', () => {
  let flow: Flow | undefined;
  beforeAll(async () => {
    flow = await startFlow({ OTEL_ENABLED: 'true' });
  }, 120000);
  afterAll(() => stopFlow(flow));

  it('makes the PATCH, its outbox row, the relay, the fan-out and both webhook attempts one trace with the right parents', async () => {
    const { otlp } = flow!;
    // The caller (a gateway) sent a traceparent: the request continues it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const row = await patchPayer(flow!, { traceparent: `00-${traceId}-${callerSpanId}-01` });

    const inTrace = () => otlp.spans.filter((s) => s.traceId === traceId);
    const attempts = () => inTrace().filter((s) => s.name === 'process webhook-deliveries');
    await waitFor('both attempt spans exported', () => Promise.resolve(attempts().length >= 2 ? true : undefined), 15000);
    const named = (name: string): ReceivedSpan => {
      const found = inTrace().filter((s) => s.name === name);
      expect(found).toHaveLength(1);
      return found[0];
    };

    const request = named('PATCH /v2/payer/:clientUserId');
    expect(request).toMatchObject({ service: 'payrail-payments-api', kind: SPAN_KIND.server, parentSpanId: callerSpanId });
    expect(request.attributes).toMatchObject({ 'http.route': '/v2/payer/:clientUserId', 'http.response.status_code': 200 });
    // The row records the request's span, which the relay continues.
    expect(row.traceparent).toBe(`00-${traceId}-${request.spanId}-01`);

    const publish = named('publish domain-events');
    expect(publish).toMatchObject({ service: 'payrail-webhook-worker', kind: SPAN_KIND.producer, parentSpanId: request.spanId });
    expect(publish.attributes).toMatchObject({ 'payrail.outbox.id': row.id, 'payrail.event.type': 'compliance.updated' });

    // The relay fans out itself (no domain-events job): the fan-out is the publish span's child.
    const fanOut = named('webhook fan-out');
    expect(fanOut).toMatchObject({ service: 'payrail-webhook-worker', parentSpanId: publish.spanId });
    expect(fanOut.attributes).toMatchObject({ 'payrail.outbox.id': row.id });

    // Each attempt is a run of the delivery job, whose data carried the fan-out's traceparent.
    const [first, second] = attempts().sort(
      (a, b) => Number(a.attributes['payrail.job.attempt']) - Number(b.attributes['payrail.job.attempt']),
    );
    for (const attempt of [first, second]) expect(attempt).toMatchObject({ kind: SPAN_KIND.consumer, parentSpanId: fanOut.spanId });
    expect(first.attributes['payrail.job.attempt']).toBe(1);
    expect(first.statusCode).toBe(ERROR);
    expect(second.attributes).toMatchObject({ 'payrail.job.attempt': 2, 'payrail.job.result': 'succeeded' });
    expect(second.statusCode).not.toBe(ERROR);
    // Trace context stays inside Payrail: the merchant's endpoint is sent no traceparent.
    expect(flow!.webhooks.received.map((r) => r.headers.traceparent)).toEqual([undefined, undefined]);
  }, 60000);
});

describe('traces with OTEL_ENABLED unset (the default)', () => {
  let flow: Flow | undefined;
  beforeAll(async () => {
    flow = await startFlow({});
  }, 120000);
  afterAll(() => stopFlow(flow));

  it('exports nothing and stores no traceparent on the outbox row, even when the caller sends one', async () => {
    const row = await patchPayer(flow!, { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01` });
    expect(row.traceparent).toBeNull();
    // Longer than the exporter's batching delay (1 s), had anything been started.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(flow!.otlp.posts).toBe(0);
  }, 60000);
});
