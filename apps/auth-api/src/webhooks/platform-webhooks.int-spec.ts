import { createHmac } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { parseEncryptionKeys, WebhookSecretCipher } from '@payrail/webhooks';
import type { DataSource } from 'typeorm';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';
import { AuthApiModule } from '../app.module.js';

interface Webhook {
  id: string;
  url: string;
  isActive: boolean;
  createdAt: string;
}

/** A Client ID with its platform's API key: what every platform webhook route takes. */
interface Tenant {
  clientId: string;
  apiKey: string;
}

describe("platform webhooks on auth-api (/v1/webhook, x-client-id with its platform's API key; real Postgres, Redis, worker)", () => {
  let api: InProcessApi;
  let worker: INestApplication;
  let db: DataSource;
  let mine: Tenant;
  let theirs: Tenant;
  let ok: TestReceiver;
  let failing: TestReceiver;

  const call = (as: Tenant | Record<string, string> | null, method: string, path = '', body?: object) =>
    fetch(`${api.url}/v1/webhook${path}`, {
      method,
      headers: {
        ...(as && 'apiKey' in as ? { 'x-client-id': as.clientId, 'x-api-key': as.apiKey } : as),
        'content-type': 'application/json',
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const register = async (as: Tenant, url: string) => {
    const res = await call(as, 'POST', '', { url });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; secret: string };
  };
  const list = async (as: Tenant) => ((await (await call(as, 'GET')).json()) as { webhooks: Webhook[] }).webhooks;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('whp'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
    });
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    api = await startInProcessApi(AuthApiModule.forRoot(env));
    worker = await startWorkerInProcess(env);
    mine = await seedTenant(db);
    theirs = await seedTenant(db);
    ok = await TestReceiver.start(() => ({ status: 200 }));
    failing = await TestReceiver.start(() => ({ status: 500, body: 'nope' }));
  });

  afterAll(async () => {
    await api.close();
    await worker.close();
    await Promise.all([ok.close(), failing.close()]);
    await db.destroy();
  });

  it('registers an endpoint: 201 with only {id, secret}; the secret is 32+ random bytes and stored only encrypted', async () => {
    const res = await call(mine, 'POST', '', { url: ok.url('/registered') });
    const created = (await res.json()) as { id: string; secret: string };
    expect(res.status).toBe(201);
    expect(Object.keys(created).sort()).toEqual(['id', 'secret']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await sqlRows<{ secret_encrypted: string; url: string }>(
      db,
      'SELECT secret_encrypted, url FROM webhook_endpoints WHERE id = $1',
      [created.id],
    );
    expect(row.url).toBe(ok.url('/registered'));
    expect(row.secret_encrypted).not.toContain(created.secret.slice(6));
    expect(new WebhookSecretCipher(parseEncryptionKeys(undefined)).decrypt(row.secret_encrypted, created.id)).toBe(created.secret);
  });

  it("lists this Client ID's endpoints only, active and inactive, never a secret", async () => {
    const a = await register(mine, ok.url('/a'));
    await register(theirs, ok.url('/theirs'));
    const res = await call(mine, 'GET');
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toMatch(/secret|whsec_/);
    const webhooks = (JSON.parse(text) as { webhooks: Webhook[] }).webhooks;
    expect(webhooks.find((w) => w.id === a.id)).toEqual({
      id: a.id,
      url: ok.url('/a'),
      isActive: true,
      createdAt: expect.stringMatching(/Z$/),
      // Extensions (issue #22): delivery settings and Payrail's disable mark.
      extendedRetries: false,
      maxConcurrency: null,
      maxPerSecond: null,
      disabledReason: null,
      disabledAt: null,
    });
    expect(webhooks.some((w) => w.url.endsWith('/theirs'))).toBe(false);
  });

  it('PUT toggles active and inactive and answers the new state; another Client ID gets 404', async () => {
    const { id } = await register(mine, ok.url('/toggle'));
    const off = await call(mine, 'PUT', `/${id}`);
    expect(off.status).toBe(200);
    expect(((await off.json()) as { webhook: Webhook }).webhook).toMatchObject({ id, isActive: false });
    expect(((await (await call(mine, 'PUT', `/${id}`)).json()) as { webhook: Webhook }).webhook.isActive).toBe(true);
    expect((await call(theirs, 'PUT', `/${id}`)).status).toBe(404);
    expect((await call(mine, 'PUT', '/01JD000000000000000000000X')).status).toBe(404);
  });

  it('DELETE removes for good (204), with its delivery history; a second DELETE is 404', async () => {
    const { id } = await register(mine, ok.url('/doomed'));
    expect((await call(theirs, 'DELETE', `/${id}`)).status).toBe(404);
    expect(await (await call(mine, 'POST', '/test', { eventType: 'payment.failed' })).json()).toMatchObject({ failed: 0 });
    expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [id])).toEqual([{ n: 1 }]);
    const res = await call(mine, 'DELETE', `/${id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await list(mine)).some((w) => w.id === id)).toBe(false);
    expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [id])).toEqual([{ n: 0 }]);
    expect((await call(mine, 'DELETE', `/${id}`)).status).toBe(404);
  });

  it('test-fire signs a placeholder payload of the event, with x-service-test: true, to every active endpoint, and counts 2xx', async () => {
    const tenant = await seedTenant(db);
    const clientId = tenant.clientId;
    const good = await register(tenant, ok.url('/test-good'));
    await register(tenant, failing.url('/test-bad'));
    const inactive = await register(tenant, ok.url('/test-inactive'));
    await call(tenant, 'PUT', `/${inactive.id}`);
    const res = await call(tenant, 'POST', '/test', { eventType: 'secure_payment.access_rejected' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 1, failed: 1 });
    const request = ok.received.find((r) => r.path === '/test-good')!;
    expect(request.headers['x-service-test']).toBe('true');
    expect(request.headers['x-service-retry-count']).toBe('0');
    expect(request.headers['x-service-signature']).toBe(createHmac('sha256', good.secret).update(request.body).digest('hex'));
    expect(JSON.parse(request.body)).toEqual({
      event: 'secure_payment.access_rejected',
      requestId: expect.any(String),
      clientId,
      orchestratorId: null,
      attemptedPayerWalletAddress: expect.stringMatching(/^0x/),
      timestamp: expect.any(String),
    });
    expect(failing.received.filter((r) => r.path === '/test-bad')).toHaveLength(1); // a test gets one attempt
    expect(ok.received.some((r) => r.path === '/test-inactive')).toBe(false);
  });

  it('test-fire accepts exactly the event names of the interface (400 otherwise)', async () => {
    for (const eventType of ['payment.confirmed.client_id', 'nope', '', 42]) {
      const res = await call(mine, 'POST', '/test', { eventType });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/eventType must be one of: client_id.linked, payment.confirmed/);
    }
    expect((await call(mine, 'POST', '/test', { eventType: 'request.recurring', extra: 1 })).status).toBe(400);
  });

  it('refuses URLs outside the policy with 400 naming the url field', async () => {
    for (const url of ['http://example.com/h', 'ftp://127.0.0.1/h', 'not a url', 'https://user:pw@example.com/h']) {
      const res = await call(mine, 'POST', '', { url });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: { field: string }[] }).errors).toEqual([{ field: 'url', message: expect.any(String) }]);
    }
  });

  it("requires a valid x-client-id and its platform's x-api-key: 401 without either, 403 with another platform's key", async () => {
    expect((await call(null, 'GET')).status).toBe(401);
    expect((await call({ 'x-api-key': mine.apiKey }, 'GET')).status).toBe(401);
    expect((await call({ 'x-client-id': 'cli_unknown000000000000', 'x-api-key': mine.apiKey }, 'POST', '', { url: ok.url() })).status).toBe(
      401,
    );
    const alone = await call({ 'x-client-id': mine.clientId }, 'GET');
    expect([alone.status, ((await alone.json()) as { message: string }).message]).toEqual([
      401,
      "Missing x-api-key or session: a Client ID is public, send its platform's x-api-key or session with x-client-id",
    ]);
    const foreign = await call({ 'x-client-id': mine.clientId, 'x-api-key': theirs.apiKey }, 'GET');
    expect([foreign.status, ((await foreign.json()) as { message: string }).message]).toEqual([
      403,
      'The x-api-key belongs to another platform than this Client ID',
    ]);
  });

  it('pages delivery history newest first with a cursor, and redelivers a finished delivery with the same id', async () => {
    const owner = await seedTenant(db);
    const { id } = await register(owner, ok.url('/history'));
    for (let i = 0; i < 5; i++) await call(owner, 'POST', '/test', { eventType: 'payment.confirmed' });
    const pages: {
      data: { id: string; test: boolean; status: string; attempts: { statusCode: number }[] }[];
      nextCursor: string | null;
    }[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(owner, 'GET', `/${id}/deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      pages.push((await res.json()) as (typeof pages)[number]);
      cursor = pages.at(-1)!.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    const ids = pages.flatMap((p) => p.data.map((d) => d.id));
    expect(ids).toEqual([...ids].sort().reverse());
    expect(new Set(ids).size).toBe(5);
    expect(pages[0].data[0]).toMatchObject({ test: true, status: 'succeeded', attempts: [{ statusCode: 200 }] });
    expect((await call(theirs, 'GET', `/${id}/deliveries`)).status).toBe(404);
    expect((await call(owner, 'GET', `/${id}/deliveries?limit=101`)).status).toBe(400);

    const before = ok.received.filter((r) => r.headers['x-service-delivery'] === ids[4]).length;
    const redelivered = await call(owner, 'POST', `/${id}/deliveries/${ids[4]}/redeliver`);
    expect(redelivered.status).toBe(202);
    expect(((await redelivered.json()) as { delivery: { id: string; status: string } }).delivery).toMatchObject({
      id: ids[4],
      status: 'pending',
    });
    const again = await ok.waitUntil((r) => r.headers['x-service-delivery'] === ids[4], before + 1);
    expect(again.headers['x-service-retry-count']).toBe('0');
    expect((await call(owner, 'POST', `/${id}/deliveries/01JD000000000000000000000X/redeliver`)).status).toBe(404);
  });
});
