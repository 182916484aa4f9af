import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import type { AppHandle } from '@payrail/devstack';
import { emit, paymentConfirmed, seedApiKey } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import { updateClientIdIn } from '@payrail/test-support/tenants.js';

// Issue 17, item 1: a Client ID is public (it ships in the checkout page's JavaScript) and Origin
// is a header any script sets, so neither may manage a platform's webhooks. The built auth-api and
// webhook-worker as processes; platforms signed in over HTTP with a wallet, as the dashboard does.

const DASHBOARD = 'https://dashboard.payrail.test';
const SHOP = 'https://shop.example';
const ALONE = "Missing x-api-key or session: a Client ID is public, send its platform's x-api-key or session with x-client-id";

interface Platform {
  platformId: string;
  session: string;
  apiKey: string;
  clientId: string;
}
type Headers = Record<string, string>;

/** Reads until `done` holds (every 100 ms, up to 10 s) and answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe("platform webhooks take the Client ID's platform session or API key, never the Client ID alone (built apps)", () => {
  const apps: AppHandle[] = [];
  let db: DataSource;
  let env: Record<string, string>;
  let receiver: TestReceiver;
  let mine: Platform;
  let theirs: Platform;

  const url = (path: string) => `${apps[0].url}${path}`;
  const send = (method: string, path: string, headers: Headers, body?: object) =>
    fetch(url(path), {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
  const hook = (headers: Headers, method: string, path = '', body?: object) => send(method, `/v1/webhook${path}`, headers, body);

  // The credentials a request can carry. The browser's: the public Client ID and its allowed Origin.
  const browser = (p: Platform): Headers => ({ 'x-client-id': p.clientId, origin: SHOP });
  const dashboardCookie = (p: Platform): Headers => ({ cookie: `__Host-session_token=${p.session}`, origin: DASHBOARD });
  const bearer = (p: Platform): Headers => ({ authorization: `Bearer ${p.session}` });
  const apiKey = (p: Platform): Headers => ({ 'x-api-key': p.apiKey });
  const as = (clientId: string, factor: Headers): Headers => ({ 'x-client-id': clientId, ...factor });

  /** A wallet signs in (SIWE over HTTP), creates a browser Client ID in the dashboard, and gets an API key. */
  async function signUp(): Promise<Platform> {
    const wallet = Wallet.createRandom();
    const challenge = (await (await send('POST', '/v1/auth/wallet/challenge', {}, { address: wallet.address })).json()) as {
      challengeId: string;
      nonce: string;
      message: string;
    };
    const { challengeId, nonce, message } = challenge;
    const verified = await send(
      'POST',
      '/v1/auth/wallet/verify',
      {},
      { challengeId, nonce, message, signature: await wallet.signMessage(message) },
    );
    expect(verified.status).toBe(200);
    const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('__Host-session_token='))!;
    const session = cookie.split(';')[0].slice('__Host-session_token='.length);
    const created = await send('POST', '/v1/client-ids', bearer({ session } as Platform), { label: 'Shop', allowedDomains: [SHOP] });
    expect(created.status).toBe(201);
    const { clientId, platformId } = (await created.json()) as { clientId: string; platformId: string };
    return { platformId, session, clientId, apiKey: await seedApiKey(db, platformId) };
  }

  /** Another Client ID of the platform, made in the dashboard. */
  async function newClientId(p: Platform): Promise<{ id: string; clientId: string }> {
    const res = await send('POST', '/v1/client-ids', bearer(p), { label: 'More', allowedDomains: [SHOP] });
    return (await res.json()) as { id: string; clientId: string };
  }

  /** Everything the routes could change or reveal about a Client ID's webhooks. */
  const stateOf = (clientId: string) =>
    sqlRows<{ id: string; url: string; isActive: boolean; secret: string; deliveries: string }>(
      db,
      `SELECT e.id, e.url, e.is_active AS "isActive", e.secret_encrypted AS secret,
              (SELECT string_agg(d.id || ':' || d.status || ':' || d.round || ':' || d.attempt_count, ',' ORDER BY d.id)
                 FROM webhook_deliveries d WHERE d.endpoint_id = e.id) AS deliveries
         FROM webhook_endpoints e JOIN client_ids c ON c.id = e.client_id_id
        WHERE c.client_id = $1 ORDER BY e.id`,
      [clientId],
    );

  /** An endpoint of `mine` with one finished test delivery, made with the platform's API key. */
  async function endpointWithHistory(path: string): Promise<{ id: string; deliveryId: string }> {
    const created = await hook(as(mine.clientId, apiKey(mine)), 'POST', '', { url: receiver.url(path) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await (await hook(as(mine.clientId, apiKey(mine)), 'POST', '/test', { eventType: 'payment.confirmed' })).json()).toMatchObject({
      failed: 0,
    });
    const history = (await (await hook(as(mine.clientId, apiKey(mine)), 'GET', `/${id}/deliveries`)).json()) as { data: { id: string }[] };
    return { id, deliveryId: history.data[0].id };
  }

  /** Every platform webhook route, against endpoint `id` and its delivery. */
  const routes = (id: string, deliveryId: string): [string, string, object?][] => [
    ['POST', '', { url: 'https://attacker.example/collect' }],
    ['GET', ''],
    ['PUT', `/${id}`],
    ['DELETE', `/${id}`],
    ['POST', '/test', { eventType: 'payment.confirmed' }],
    ['POST', `/${id}/rotate-secret`],
    ['GET', `/${id}/deliveries`],
    ['POST', `/${id}/deliveries/${deliveryId}/redeliver`],
    ['PUT', `/${id}/settings`, { extendedRetries: true }],
    ['POST', `/${id}/recover`, { since: new Date().toISOString() }],
  ];

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    env = appEnv(databaseUrl, uniqueName('who'), {
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
      SIWE_DOMAIN: 'dashboard.payrail.test',
      SIWE_URI: DASHBOARD,
      DASHBOARD_ORIGINS: DASHBOARD,
    });
    apps.push(...(await Promise.all((['auth-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)))));
    // The first request to /dropped fails, so its delivery has a retry queued.
    receiver = await TestReceiver.start((r) => ({ status: r.path === '/dropped' ? 500 : 200 }));
    [mine, theirs] = [await signUp(), await signUp()];
  }, 120000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await db?.destroy();
  });

  it('refuses every route to a Client ID with its Origin alone (401) and changes, sends and reveals nothing', async () => {
    const { id, deliveryId } = await endpointWithHistory('/attacked');
    const before = await stateOf(mine.clientId);
    const received = receiver.received.length;
    for (const [method, path, body] of routes(id, deliveryId)) {
      const res = await hook(browser(mine), method, path, body);
      const text = await res.text();
      expect([method, path, res.status, JSON.parse(text)]).toEqual([
        method,
        path,
        401,
        { statusCode: 401, message: ALONE, error: 'Unauthorized' },
      ]);
      expect(text).not.toContain('/attacked');
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // a redelivery or test fire would have gone out by now
    expect(await stateOf(mine.clientId)).toEqual(before);
    expect(receiver.received.length).toBe(received);
  });

  it("refuses another platform's session or API key (403) beside the Client ID, and changes nothing", async () => {
    const { id, deliveryId } = await endpointWithHistory('/borrowed');
    const before = await stateOf(mine.clientId);
    const factors: [string, Headers, string][] = [
      ['dashboard cookie', dashboardCookie(theirs), 'The session belongs to another platform than this Client ID'],
      ['bearer', bearer(theirs), 'The session belongs to another platform than this Client ID'],
      ['API key', apiKey(theirs), 'The x-api-key belongs to another platform than this Client ID'],
    ];
    for (const [name, factor, message] of factors)
      for (const [method, path, body] of routes(id, deliveryId)) {
        const res = await hook(as(mine.clientId, factor), method, path, body);
        expect([name, method, path, res.status, await res.json()]).toEqual([
          name,
          method,
          path,
          403,
          { statusCode: 403, message, error: 'Forbidden' },
        ]);
      }
    expect(await stateOf(mine.clientId)).toEqual(before);
  });

  it("serves every route with the platform's dashboard cookie, bearer session or API key", async () => {
    const cookie = as(mine.clientId, dashboardCookie(mine));
    const session = as(mine.clientId, bearer(mine));
    const key = as(mine.clientId, apiKey(mine));
    const created = await hook(session, 'POST', '', { url: receiver.url('/owned') });
    expect(created.status).toBe(201);
    const { id, secret } = (await created.json()) as { id: string; secret: string };
    const listed = (await (await hook(key, 'GET')).json()) as { webhooks: { id: string }[] };
    expect(listed.webhooks.map((w) => w.id)).toContain(id);
    const off = await hook(cookie, 'PUT', `/${id}`);
    expect([off.status, ((await off.json()) as { webhook: { isActive: boolean } }).webhook.isActive]).toEqual([200, false]);
    // The wallet session's cookie slides on a webhook call too (its idle timeout restarts).
    expect(off.headers.getSetCookie().some((c) => c.startsWith(`__Host-session_token=${mine.session};`))).toBe(true);
    expect(((await (await hook(key, 'PUT', `/${id}`)).json()) as { webhook: { isActive: boolean } }).webhook.isActive).toBe(true);
    const fired = await hook(cookie, 'POST', '/test', { eventType: 'payment.confirmed' });
    expect(await fired.json()).toMatchObject({ failed: 0 });
    const history = (await (await hook(session, 'GET', `/${id}/deliveries`)).json()) as { data: { id: string }[] };
    expect(history.data).toHaveLength(1);
    expect((await hook(key, 'POST', `/${id}/deliveries/${history.data[0].id}/redeliver`)).status).toBe(202);
    const settled = await hook(cookie, 'PUT', `/${id}/settings`, { extendedRetries: true, maxConcurrency: 5 });
    expect([settled.status, ((await settled.json()) as { webhook: object }).webhook]).toEqual([
      200,
      expect.objectContaining({ id, extendedRetries: true, maxConcurrency: 5, maxPerSecond: null }),
    ]);
    const recovered = await hook(session, 'POST', `/${id}/recover`, {
      since: new Date(Date.now() - 3600_000).toISOString(),
      status: 'all',
    });
    expect([recovered.status, await recovered.json()]).toEqual([202, { queued: 0, more: false }]); // its one delivery is a test: never recovered
    const rotated = await hook(cookie, 'POST', `/${id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(((await rotated.json()) as { secret: string }).secret).not.toBe(secret);
    expect((await hook(session, 'DELETE', `/${id}`)).status).toBe(204);
    expect((await stateOf(mine.clientId)).some((e) => e.id === id)).toBe(false);
  });

  it("refuses the platform's own session cookie from a page that is not the dashboard (403, CSRF)", async () => {
    const res = await hook({ ...as(mine.clientId, dashboardCookie(mine)), origin: SHOP }, 'POST', '', { url: receiver.url('/csrf') });
    expect([res.status, await res.json()]).toEqual([
      403,
      { statusCode: 403, message: 'Cross-site request refused: Origin is not a dashboard origin', error: 'Forbidden' },
    ]);
    expect((await stateOf(mine.clientId)).some((e) => e.url.endsWith('/csrf'))).toBe(false);
  });

  it('delivers nothing to the endpoints of an inactive, restricted or revoked Client ID, and refuses managing them (403)', async () => {
    const byStatus: Record<string, { id: string; clientId: string }> = {};
    for (const status of ['active', 'inactive', 'restricted', 'revoked']) {
      byStatus[status] = await newClientId(mine);
      const res = await hook(as(byStatus[status].clientId, apiKey(mine)), 'POST', '', { url: receiver.url(`/status/${status}`) });
      expect(res.status).toBe(201);
    }
    expect((await send('PUT', `/v1/client-ids/${byStatus.inactive.id}`, bearer(mine), { status: 'inactive' })).status).toBe(200);
    expect((await send('DELETE', `/v1/client-ids/${byStatus.revoked.id}`, bearer(mine))).status).toBe(200);
    await updateClientIdIn(env, { id: byStatus.restricted.id, status: 'restricted' }); // an operator's decision (CLI)

    // One event for each Client ID, and one created with an API key (to every Client ID of the platform).
    await emit(db, [
      ...Object.values(byStatus).map((c) => paymentConfirmed({ platformId: mine.platformId }, { clientId: c.clientId })),
      paymentConfirmed({ platformId: mine.platformId }, {}),
    ]);
    await receiver.waitUntil((r) => r.path === '/status/active', 2);
    // Every event fanned out (a row is marked published in the transaction that wrote its deliveries).
    const unpublished = () => sqlOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL');
    expect(await until(unpublished, (row) => row?.n === 0)).toEqual({ n: 0 });
    for (const status of ['inactive', 'restricted', 'revoked']) {
      expect([status, receiver.received.filter((r) => r.path === `/status/${status}`).length]).toEqual([status, 0]);
      expect([status, await stateOf(byStatus[status].clientId)]).toEqual([status, [expect.objectContaining({ deliveries: null })]]);
      const refused = await hook(as(byStatus[status].clientId, apiKey(mine)), 'POST', '/test', { eventType: 'payment.confirmed' });
      expect([status, refused.status, ((await refused.json()) as { message: string }).message]).toEqual([
        status,
        403,
        `Client ID is ${status}`,
      ]);
    }
  });

  it('drops a queued retry whose Client ID was deactivated meanwhile, at its next attempt', async () => {
    const client = await newClientId(mine);
    expect((await hook(as(client.clientId, apiKey(mine)), 'POST', '', { url: receiver.url('/dropped') })).status).toBe(201);
    await emit(db, [paymentConfirmed({ platformId: mine.platformId }, { clientId: client.clientId })]);
    await receiver.waitUntil((r) => r.path === '/dropped'); // answered 500: a retry follows in 1 s
    expect((await send('PUT', `/v1/client-ids/${client.id}`, bearer(mine), { status: 'inactive' })).status).toBe(200);
    const delivery = () =>
      sqlOne<{ status: string; lastError: string | null; attempts: number }>(
        db,
        `SELECT d.status, d.last_error AS "lastError", d.attempt_count AS attempts
           FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN client_ids c ON c.id = e.client_id_id
          WHERE c.id = $1`,
        [client.id],
      );
    expect(await until(delivery, (d) => d?.status === 'failed')).toEqual({
      status: 'failed',
      lastError: 'Client ID not active',
      attempts: 1,
    });
    expect(receiver.received.filter((r) => r.path === '/dropped')).toHaveLength(1);
  });
});
