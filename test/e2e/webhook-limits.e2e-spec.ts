import { createDataSource } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { AppHandle } from '@payrail/devstack';
import { seedOrchestrator, seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

// No amplification (issue 17, item 5), over HTTP against the built auth-api and payments-api
// with the default limits: 20 active endpoints per owner, 5 per URL host, 10 test fires a minute.
// Registration does not contact the URL, so nothing needs to listen on these addresses.

type Call = (method: string, path: string, body?: object) => Promise<Response>;

const CONFLICT_SHAPE = { statusCode: 409, error: 'Conflict', message: expect.any(String) as string };

describe('webhook endpoint caps and the test-fire limit (built apps, real processes, default settings)', () => {
  const apps: AppHandle[] = [];
  let db: DataSource;

  const caller =
    (base: () => string, credentials: Record<string, string>): Call =>
    (method, path, body) =>
      fetch(`${base()}${path}`, {
        method,
        headers: { ...credentials, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
  const platform = async (): Promise<Call> => {
    const tenant = await seedTenant(db);
    return caller(() => `${apps[0].url}/v1/webhook`, { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey });
  };
  const orchestrator = async (): Promise<Call> =>
    caller(() => `${apps[1].url}/v2/orchestrators/webhooks`, { 'x-orchestrator-key': (await seedOrchestrator(db)).key });
  const register = (call: Call, url: string) => call('POST', '', { url });
  const idOf = async (res: Response, surface: 'platform' | 'orchestrator') => {
    const body = (await res.json()) as { id?: string; webhook?: { id: string } };
    return surface === 'platform' ? body.id! : body.webhook!.id;
  };

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    // The credential limit raised so that only the limits under test answer 429.
    // Platform caps lowered (defaults 50 Client IDs, 100 endpoints) so that a test reaches them.
    const env = appEnv(databaseUrl, uniqueName('whl'), {
      RATE_LIMIT_MULTIPLIER: '100',
      MAX_CLIENT_IDS_PER_PLATFORM: '3',
      WEBHOOK_MAX_ENDPOINTS_PER_PLATFORM: '25',
    });
    apps.push(...(await Promise.all((['auth-api', 'payments-api'] as const).map((name) => startTestApp(name, env)))));
  }, 120000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await db.destroy();
  });

  it.each(['platform', 'orchestrator'] as const)(
    '%s: a 6th active endpoint on one host and a 21st endpoint are 409s; room made by deactivating is not retaken by reactivating',
    async (surface) => {
      const call = surface === 'platform' ? await platform() : await orchestrator();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await register(call, `http://127.0.0.1:${9000 + i}/hook`);
        expect(res.status).toBe(201);
        ids.push(await idOf(res, surface));
      }
      // Another port and path of the same host is the same target.
      const sameHost = await register(call, 'http://127.0.0.1:9999/other');
      expect(sameHost.status).toBe(409);
      expect(await sameHost.json()).toEqual({ ...CONFLICT_SHAPE, message: expect.stringContaining('127.0.0.1') as string });
      for (const host of ['127.0.0.2', '127.0.0.3', '127.0.0.4'])
        for (let i = 0; i < 5; i++) {
          const res = await register(call, `http://${host}:${9000 + i}/hook`);
          expect(res.status).toBe(201);
          ids.push(await idOf(res, surface));
        }
      const overCap = await register(call, 'http://127.0.0.5/hook');
      expect(overCap.status).toBe(409);
      expect(await overCap.json()).toEqual({
        ...CONFLICT_SHAPE,
        message: expect.stringContaining('at most 20 active endpoints') as string,
      });

      // Deactivate one (platform: PUT toggles; orchestrator: DELETE deactivates), register in its place.
      const off = await call(surface === 'platform' ? 'PUT' : 'DELETE', `/${ids[19]}`);
      expect(off.status).toBe(200);
      expect(((await off.json()) as { webhook: { isActive: boolean } }).webhook.isActive).toBe(false);
      expect((await register(call, 'http://127.0.0.5/hook')).status).toBe(201);
      // Reactivating the deactivated one would make 21 active endpoints.
      const on = await call(surface === 'platform' ? 'PUT' : 'PATCH', `/${ids[19]}`);
      expect(on.status).toBe(409);
      expect(await on.json()).toEqual({ ...CONFLICT_SHAPE, message: expect.stringContaining('at most 20') as string });
      const listed = (await (await call('GET', '')).json()) as { webhooks: { isActive: boolean }[] };
      expect([listed.webhooks.length, listed.webhooks.filter((w) => w.isActive).length]).toEqual([21, 20]);
    },
  );

  it('counts only the same owner: another Client ID registers on a host the first one filled', async () => {
    const [first, second] = [await platform(), await platform()];
    for (let i = 0; i < 5; i++) expect((await register(first, `http://localhost:${8000 + i}/hook`)).status).toBe(201);
    expect((await register(first, 'http://localhost:8100/hook')).status).toBe(409);
    expect((await register(second, 'http://localhost:8100/hook')).status).toBe(201);
  });

  it('counts names that resolve to a shared address as one host: localhost after five on 127.0.0.1 is a 409', async () => {
    const call = await platform();
    for (let i = 0; i < 5; i++) expect((await register(call, `http://127.0.0.1:${7000 + i}/hook`)).status).toBe(201);
    const renamed = await register(call, 'http://localhost:7100/hook');
    expect(renamed.status).toBe(409);
    expect(await renamed.json()).toEqual({
      ...CONFLICT_SHAPE,
      message: expect.stringContaining('Webhook host limit reached: localhost') as string,
    });
    expect((await register(call, 'http://127.0.0.9:7100/hook')).status).toBe(201);
  });

  it('caps a platform, not only each Client ID: a 4th Client ID and a 26th active endpoint across its Client IDs are 409s', async () => {
    const tenant = await seedTenant(db);
    const createClientId = () =>
      fetch(`${apps[1].url}/v2/client-ids`, {
        method: 'POST',
        headers: { 'x-api-key': tenant.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ label: 'more' }),
      });
    const created: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await createClientId();
      expect(res.status).toBe(201);
      created.push(((await res.json()) as { clientId: string }).clientId);
    }
    const fourth = await createClientId();
    expect([fourth.status, await fourth.json()]).toEqual([
      409,
      {
        ...CONFLICT_SHAPE,
        message: 'Client ID limit reached: a platform may hold at most 3 Client IDs; revoke one it no longer uses first',
      },
    ]);
    const [first, second] = [tenant.clientId, created[0]].map((clientId) =>
      caller(() => `${apps[0].url}/v1/webhook`, { 'x-client-id': clientId, 'x-api-key': tenant.apiKey }),
    );
    for (let h = 1; h <= 4; h++)
      for (let i = 0; i < 5; i++) expect((await register(first, `http://127.0.1.${h}:${9000 + i}/hook`)).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await register(second, `http://127.0.2.1:${9000 + i}/hook`)).status).toBe(201);
    const over = await register(second, 'http://127.0.2.2/hook');
    expect(over.status).toBe(409);
    expect(await over.json()).toEqual({
      ...CONFLICT_SHAPE,
      message: expect.stringContaining('at most 25 active endpoints together') as string,
    });
  });

  it.each(['platform', 'orchestrator'] as const)(
    '%s: the 11th test fire of an owner within a minute is a 429 with Retry-After; another owner is unaffected',
    async (surface) => {
      const [call, other] = surface === 'platform' ? [await platform(), await platform()] : [await orchestrator(), await orchestrator()];
      const fire = (c: Call) => c('POST', '/test', { eventType: 'payment.confirmed' });
      for (let i = 0; i < 10; i++) {
        const res = await fire(call);
        expect([res.status, await res.json()]).toEqual([200, { sent: 0, failed: 0 }]);
      }
      const refused = await fire(call);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ statusCode: 429, message: 'Too many requests', error: 'Too Many Requests' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // The owner's other routes are not throttled by it, nor is another owner's test fire.
      expect((await call('GET', '')).status).toBe(200);
      expect((await fire(other)).status).toBe(200);
    },
  );
});
