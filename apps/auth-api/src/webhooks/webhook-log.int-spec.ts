import type { INestApplication } from '@nestjs/common';
import { createDataSource, sqlExecute, sqlRows, WebhookDurabilityRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { seedClientId, seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';
import { AuthApiModule } from '../app.module.js';

type Attempt = { retryCount: number; round: number; statusCode: number | null; durationMs: number; responseBodyHead: string | null };
type Delivery = {
  id: string;
  webhookId: string;
  clientId: string;
  url: string;
  eventType: string;
  status: string;
  payload: Record<string, unknown>;
  attempts: Attempt[];
  nextRetryAt: string | null;
};
type Page = { data: Delivery[]; nextCursor: string | null };

describe("the platform's webhooks across its Client IDs (/v1/webhooks): endpoints, delivery log with attempts, redeliver", () => {
  let api: InProcessApi;
  let worker: INestApplication;
  let db: DataSource;
  let ok: TestReceiver;
  let failing: TestReceiver;
  let mine: Awaited<ReturnType<typeof seedTenant>>;
  let second: { id: string; clientId: string };
  let bearer: Record<string, string>;
  let theirBearer: Record<string, string>;
  const hooks: Record<string, string> = {};
  const started = new Date();

  const call = async <T>(method: string, path: string, headers: Record<string, string>, body?: object) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const asClient = (clientId: string) => ({ 'x-client-id': clientId, 'x-api-key': mine.apiKey });
  const settled = async () => {
    for (let i = 0; i < 200; i++) {
      const rows = await sqlRows<{ n: number }>(db, `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('deliveries still pending');
  };
  const log = (query = '', headers = bearer) => call<Page>('GET', `/v1/webhooks/deliveries${query}`, headers);
  const ids = (page: Page) => page.data.map((d) => d.id);

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('whl'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
    });
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    api = await startInProcessApi(AuthApiModule.forRoot(env));
    worker = await startWorkerInProcess(env);
    ok = await TestReceiver.start(() => ({ status: 200 }));
    failing = await TestReceiver.start(() => ({ status: 500, body: 'nope' }));
    mine = await seedTenant(db);
    second = await seedClientId(db, mine.platformId);
    const theirs = await seedTenant(db);
    bearer = { authorization: `Bearer ${await platformSession(api.app, mine.platformId)}` };
    theirBearer = { authorization: `Bearer ${await platformSession(api.app, theirs.platformId, 'wallet')}` };
    for (const [name, clientId, url] of [
      ['good', mine.clientId, ok.url('/good')],
      ['bad', second.clientId, failing.url('/bad')],
    ] as const) {
      hooks[name] = (await call<{ id: string }>('POST', '/v1/webhook', asClient(clientId), { url })).body.id;
    }
    await call('POST', '/v1/webhook', { 'x-client-id': theirs.clientId, 'x-api-key': theirs.apiKey }, { url: ok.url('/theirs') });
    await call('POST', '/v1/webhook/test', asClient(mine.clientId), { eventType: 'payment.confirmed' });
    await call('POST', '/v1/webhook/test', asClient(second.clientId), { eventType: 'payment.failed' });
    await call('POST', '/v1/webhook/test', { 'x-client-id': theirs.clientId, 'x-api-key': theirs.apiKey }, { eventType: 'payment.failed' });
    await settled();
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await Promise.all([ok?.close(), failing?.close()]);
    await db?.destroy();
  });

  it("lists every endpoint of the platform's Client IDs with the Client ID each belongs to, never another platform's", async () => {
    const res = await call<{ webhooks: { id: string; clientId: string; isActive: boolean }[] }>('GET', '/v1/webhooks', bearer);
    expect(res.status).toBe(200);
    expect(res.body.webhooks.map((w) => [w.id, w.clientId])).toEqual([
      [hooks.good, mine.clientId],
      [hooks.bad, second.clientId],
    ]);
    const one = await call<{ webhooks: { id: string }[] }>('GET', `/v1/webhooks?clientId=${second.clientId}`, bearer);
    expect(one.body.webhooks.map((w) => w.id)).toEqual([hooks.bad]);
  });

  it('logs deliveries across the endpoints newest first, each with its payload and every attempt (status code, duration, response head)', async () => {
    const res = await log();
    expect(res.status).toBe(200);
    expect(res.body.data.map((d) => [d.webhookId, d.clientId, d.eventType, d.status])).toEqual([
      [hooks.bad, second.clientId, 'payment.failed', 'failed'],
      [hooks.good, mine.clientId, 'payment.confirmed', 'succeeded'],
    ]);
    const [bad, good] = res.body.data;
    expect(bad.url).toBe(failing.url('/bad'));
    expect(bad.payload).toMatchObject({ event: 'payment.failed' });
    expect(bad.attempts).toEqual([expect.objectContaining({ retryCount: 0, round: 0, statusCode: 500, responseBodyHead: 'nope' })]);
    expect(bad.attempts[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(good.attempts).toEqual([expect.objectContaining({ statusCode: 200 })]);
    expect(bad.nextRetryAt).toBeNull();
  });

  it.each([
    ['?status=failed', ['bad']],
    ['?eventType=payment.confirmed', ['good']],
    ['?webhookId=HOOK_good', ['good']],
    ['?clientId=CLIENT_second', ['bad']],
    ['?to=STARTED', []],
  ])('filters %s', async (query, expected) => {
    const q = query.replace('HOOK_good', hooks.good).replace('CLIENT_second', second.clientId).replace('STARTED', started.toISOString());
    expect((await log(q)).body.data.map((d) => d.webhookId)).toEqual(expected.map((k) => hooks[k]));
  });

  it('pages with the cursor, and another platform sees only its own deliveries', async () => {
    const first = await log('?limit=1');
    const next = await log(`?limit=1&cursor=${first.body.nextCursor}`);
    expect([...ids(first.body), ...ids(next.body)]).toEqual(ids((await log()).body));
    expect(next.body.nextCursor).toBeNull();
    const theirs = await log('', theirBearer);
    expect(theirs.body.data.map((d) => d.url)).toEqual([ok.url('/theirs')]);
  });

  it("redelivers one by session (a new round with its own attempt); another platform's session gets 404", async () => {
    const [bad] = (await log('?status=failed')).body.data;
    expect((await call('POST', `/v1/webhooks/deliveries/${bad.id}/redeliver`, theirBearer)).status).toBe(404);
    const res = await call<{ delivery: { id: string; status: string } }>('POST', `/v1/webhooks/deliveries/${bad.id}/redeliver`, bearer);
    expect(res).toMatchObject({ status: 202, body: { delivery: { id: bad.id, status: 'pending' } } });
    await settled();
    const [after] = (await log(`?webhookId=${hooks.bad}`)).body.data;
    expect(after.attempts.map((a) => [a.round, a.statusCode])).toEqual([
      [0, 500],
      [1, 500],
    ]);
  });

  it("shows a pending delivery's recorded next_attempt_at as nextRetryAt (a redelivered round not yet tried too), none once succeeded or failed", async () => {
    const [bad] = (await log('?status=failed')).body.data;
    const [good] = (await log('?status=succeeded')).body.data;
    expect([bad.nextRetryAt, good.nextRetryAt]).toEqual([null, null]);
    // As the worker leaves a delivery it will retry, or a redelivery before its first attempt.
    const due = new Date(Date.now() + 3_600_000);
    for (const round of [bad.attempts.at(-1)!.round, bad.attempts.at(-1)!.round + 1]) {
      await sqlExecute(db, `UPDATE webhook_deliveries SET status = 'pending', round = $2, next_attempt_at = $3 WHERE id = $1`, [
        bad.id,
        round,
        due,
      ]);
      const [pending] = (await log(`?webhookId=${hooks.bad}`)).body.data;
      expect([round, pending.status, pending.nextRetryAt]).toEqual([round, 'pending', due.toISOString()]);
    }
    await sqlExecute(db, `UPDATE webhook_deliveries SET status = 'failed', round = $2 WHERE id = $1`, [bad.id, bad.attempts.at(-1)!.round]);
    expect((await log(`?webhookId=${hooks.bad}`)).body.data[0].nextRetryAt).toBeNull();
  });

  it('lists the extended-retries flag and, once Payrail disabled an endpoint, its reason and time', async () => {
    const extended = (
      await call<{ id: string }>('POST', '/v1/webhook', asClient(mine.clientId), { url: ok.url('/ext'), extendedRetries: true })
    ).body.id;
    const before = new Date();
    expect(await new WebhookDurabilityRepository(db.manager).disable(extended, 'gone', 0)).toMatchObject({ id: extended, reason: 'gone' });
    const res = await call<{
      webhooks: { id: string; isActive: boolean; extendedRetries: boolean; disabledReason: string | null; disabledAt: string | null }[];
    }>('GET', `/v1/webhooks?clientId=${mine.clientId}`, bearer);
    const byId = new Map(res.body.webhooks.map((w) => [w.id, w]));
    expect(byId.get(hooks.good)).toMatchObject({ isActive: true, extendedRetries: false, disabledReason: null, disabledAt: null });
    expect(byId.get(extended)).toMatchObject({ isActive: false, extendedRetries: true, disabledReason: 'gone' });
    expect(Date.parse(byId.get(extended)!.disabledAt!)).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('is 401 without credentials, 403 with a Client ID alone, and 400 for bad filters', async () => {
    expect((await log('', {})).status).toBe(401);
    expect((await log('', { 'x-client-id': mine.clientId })).status).toBe(403);
    for (const [query, field] of [
      ['?status=bounced', 'status'],
      ['?eventType=payment.nope', 'eventType'],
      ['?webhookId=x', 'webhookId'],
      ['?clientId=abc', 'clientId'],
      ['?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'to'],
      ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ]) {
      const res = await call<{ errors: { field: string }[] }>('GET', `/v1/webhooks/deliveries${query}`, bearer);
      expect([query, res.status, res.body.errors.map((e) => e.field)]).toEqual([query, 400, [field]]);
    }
  });
});
