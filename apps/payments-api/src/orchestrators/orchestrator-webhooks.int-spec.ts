import { createHmac } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { seedOrchestrator } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';
import { PaymentsApiModule } from '../app.module.js';

interface Webhook {
  id: string;
  url: string;
  isActive: boolean;
  createdAt: string;
}

describe('orchestrator webhooks on payments-api (/v2/orchestrators/webhooks, x-orchestrator-key; real Postgres, Redis, worker)', () => {
  let api: InProcessApi;
  let worker: INestApplication;
  let db: DataSource;
  let mine: string;
  let theirs: string;
  let receiver: TestReceiver;

  const call = (key: string | null, method: string, path = '', body?: object) =>
    fetch(`${api.url}/v2/orchestrators/webhooks${path}`, {
      method,
      headers: { ...(key ? { 'x-orchestrator-key': key } : {}), 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  const webhookOf = async (res: Response) => ((await res.json()) as { webhook: Webhook }).webhook;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('who'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
    });
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    api = await startInProcessApi(PaymentsApiModule.forRoot(env));
    worker = await startWorkerInProcess(env);
    mine = (await seedOrchestrator(db)).key;
    theirs = (await seedOrchestrator(db)).key;
    receiver = await TestReceiver.start((r) => (r.path === '/down' ? { status: 502 } : { status: 200 }));
  });

  afterAll(async () => {
    await api.close();
    await worker.close();
    await receiver.close();
    await db.destroy();
  });

  it('registers: 201 {webhook: {id, url, isActive, createdAt}, secret}', async () => {
    const res = await call(mine, 'POST', '', { url: receiver.url('/orch') });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { webhook: Webhook; secret: string };
    expect(Object.keys(body).sort()).toEqual(['secret', 'webhook']);
    expect(body.webhook).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      url: receiver.url('/orch'),
      isActive: true,
      createdAt: expect.any(String),
      // Extensions (issue #22): delivery settings and Payrail's disable mark.
      extendedRetries: false,
      maxConcurrency: null,
      maxPerSecond: null,
      disabledReason: null,
      disabledAt: null,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  });

  it('rejects a URL it already registered with 409, also while that endpoint is inactive; reactivation keeps URL and secret', async () => {
    const url = receiver.url('/dup');
    const first = (await (await call(mine, 'POST', '', { url })).json()) as { webhook: Webhook; secret: string };
    const dup = await call(mine, 'POST', '', { url });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toEqual({
      statusCode: 409,
      message: expect.stringMatching(/already registered .*reactivate/),
      error: 'Conflict',
    });

    const deactivated = await call(mine, 'DELETE', `/${first.webhook.id}`);
    expect(deactivated.status).toBe(200);
    const text = await deactivated.text();
    expect(text).not.toMatch(/secret|whsec_/);
    expect((JSON.parse(text) as { webhook: Webhook }).webhook).toEqual({ ...first.webhook, isActive: false });
    expect((await call(mine, 'POST', '', { url })).status).toBe(409);
    expect((await call(mine, 'POST', '', { url: url.replace('http://', 'HTTP://') })).status).toBe(409); // same URL once normalised

    // Another orchestrator may register the same URL, with its own secret.
    const other = (await (await call(theirs, 'POST', '', { url })).json()) as { secret: string };
    expect(other.secret).not.toBe(first.secret);

    const reactivated = await call(mine, 'PATCH', `/${first.webhook.id}`);
    expect(reactivated.status).toBe(200);
    expect(await webhookOf(reactivated)).toEqual(first.webhook);
    expect(await (await call(mine, 'POST', '/test', { eventType: 'client_id.linked' })).json()).toMatchObject({ failed: 0 });
    const [request] = receiver.received.filter((r) => r.path === '/dup');
    expect(request.headers['x-service-signature']).toBe(createHmac('sha256', first.secret).update(request.body).digest('hex'));
  });

  it('lists every endpoint including inactive ones, never a secret, and only its own', async () => {
    const { webhook } = (await (await call(mine, 'POST', '', { url: receiver.url('/listed') })).json()) as { webhook: Webhook };
    await call(mine, 'DELETE', `/${webhook.id}`);
    const res = await call(mine, 'GET');
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toMatch(/secret|whsec_/);
    const { webhooks } = JSON.parse(text) as { webhooks: Webhook[] };
    expect(webhooks.find((w) => w.id === webhook.id)).toMatchObject({ isActive: false, url: receiver.url('/listed') });
    expect(((await (await call(theirs, 'GET')).json()) as { webhooks: Webhook[] }).webhooks.some((w) => w.id === webhook.id)).toBe(false);
    expect((await call(theirs, 'PATCH', `/${webhook.id}`)).status).toBe(404);
    expect((await call(theirs, 'DELETE', `/${webhook.id}`)).status).toBe(404);
  });

  it('test-fire answers {sent, failed} over its active endpoints, with x-service-test: true and its orchestratorId', async () => {
    const key = (await seedOrchestrator(db)).key;
    const up = (await (await call(key, 'POST', '', { url: receiver.url('/up') })).json()) as { webhook: Webhook; secret: string };
    await call(key, 'POST', '', { url: receiver.url('/down') });
    const res = await call(key, 'POST', '/test', { eventType: 'payment.confirmed' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 1, failed: 1 });
    const request = receiver.received.find((r) => r.path === '/up')!;
    expect(request.headers['x-service-test']).toBe('true');
    expect(request.headers['x-service-signature']).toBe(createHmac('sha256', up.secret).update(request.body).digest('hex'));
    const payload = JSON.parse(request.body) as Record<string, unknown>;
    expect(payload).toMatchObject({ event: 'payment.confirmed', requestID: payload.requestId, isCryptoToFiat: false });
    const [orchestratorId] = await sqlRows<{ orchestrator_id: string }>(db, 'SELECT orchestrator_id FROM webhook_endpoints WHERE id = $1', [
      up.webhook.id,
    ]);
    expect(payload.orchestratorId).toBe(orchestratorId.orchestrator_id);
    expect((await call(key, 'POST', '/test', { eventType: 'payment.confirmed.checkout' })).status).toBe(400);
  });

  it('keeps a delivery history per endpoint with every attempt, and refuses to redeliver while the endpoint is inactive', async () => {
    const key = (await seedOrchestrator(db)).key;
    const { webhook } = (await (await call(key, 'POST', '', { url: receiver.url('/down') })).json()) as { webhook: Webhook };
    await call(key, 'POST', '/test', { eventType: 'kyt.screening.completed' });
    const page = (await (await call(key, 'GET', `/${webhook.id}/deliveries`)).json()) as {
      data: { id: string; status: string; test: boolean; eventType: string; attempts: { statusCode: number; succeeded: boolean }[] }[];
      nextCursor: string | null;
    };
    expect(page.nextCursor).toBeNull();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      status: 'failed',
      test: true,
      eventType: 'kyt.screening.completed',
      attempts: [{ statusCode: 502, succeeded: false }],
    });
    await call(key, 'DELETE', `/${webhook.id}`);
    const refused = await call(key, 'POST', `/${webhook.id}/deliveries/${page.data[0].id}/redeliver`);
    expect(refused.status).toBe(409);
    expect((await call(mine, 'GET', `/${webhook.id}/deliveries`)).status).toBe(404);
  });

  it('requires a valid x-orchestrator-key (401); a Client ID is not enough', async () => {
    expect((await call(null, 'GET')).status).toBe(401);
    const res = await fetch(`${api.url}/v2/orchestrators/webhooks`, { headers: { 'x-client-id': 'cli_abcdefghijklmnop' } });
    expect(res.status).toBe(401);
  });
});
