import { webhookBody } from '@payrail/domain';
import { createDataSource, sqlExecute } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import type { AppHandle } from '@payrail/devstack';
import { emit, paymentConfirmed, seedOrchestrator, seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { rowsWhen } from '@payrail/test-support/webhook-worker/rows-when.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { jsonCall } from '@payrail/test-support/json-call.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

interface Webhook {
  id: string;
  isActive: boolean;
  extendedRetries: boolean;
  maxConcurrency: number | null;
  maxPerSecond: number | null;
  disabledReason: string | null;
  disabledAt: string | null;
}

const header = (r: ReceivedWebhook, name: string) => r.headers[name] as string | undefined;
const eventOf = (r: ReceivedWebhook) => JSON.parse(r.body) as Record<string, unknown>;

// Issue #22 items 1-3 over HTTP: the settings and recover routes of both APIs, auto-disable with
// its notice, 410 Gone and Retry-After; the built auth-api, payments-api and webhook-worker.
describe('webhook settings, recovery and auto-disable (built apps, real processes)', () => {
  const apps: AppHandle[] = [];
  let db: DataSource;
  let receiver: TestReceiver;
  let tenant: { platformId: string; id: string; clientId: string; apiKey: string };
  let orchestrator: { id: string; key: string };
  /** Replies by path: a path's list is used in order, its last entry repeating. */
  const replies = new Map<string, { status: number; headers?: Record<string, string> }[]>();

  const platformCall = (method: string, path: string, body?: object) =>
    jsonCall(`${apps[0].url}/v1/webhook${path}`, method, { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey }, body);
  const orchestratorCall = (key: string, method: string, path: string, body?: object) =>
    jsonCall(`${apps[1].url}/v2/orchestrators/webhooks${path}`, method, { 'x-orchestrator-key': key }, body);
  const platformHook = async (path: string, extendedRetries?: boolean) => {
    const created = await platformCall('POST', '', {
      url: receiver.url(path),
      ...(extendedRetries === undefined ? {} : { extendedRetries }),
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const platformList = async () => (await platformCall('GET', '')).body.webhooks as Webhook[];
  const at = (path: string) => receiver.received.filter((r) => r.path === path);

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const env = appEnv(databaseUrl, uniqueName('whrec'), {
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MULTIPLIER: '100',
      WEBHOOK_DISABLE_AFTER_SECONDS: '3',
    });
    apps.push(...(await Promise.all((['auth-api', 'payments-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)))));
    const seen = new Map<string, number>();
    receiver = await TestReceiver.start((r) => {
      const list = replies.get(r.path) ?? [{ status: 200 }];
      const index = seen.get(r.path) ?? 0;
      seen.set(r.path, index + 1);
      return { ...list[Math.min(index, list.length - 1)], body: 'ok' };
    });
    tenant = await seedTenant(db);
    orchestrator = await seedOrchestrator(db);
  }, 120000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver.close();
    await db.destroy();
  });

  it('registers with extendedRetries (default off) and changes settings on both APIs, listing them; bad values 400, another owner 404', async () => {
    const plain = await platformHook('/settings-plain');
    const extended = await platformHook('/settings-extended', true);
    const listed = await platformList();
    expect(listed.find((w) => w.id === plain)).toMatchObject({
      extendedRetries: false,
      maxConcurrency: null,
      maxPerSecond: null,
      disabledReason: null,
    });
    expect(listed.find((w) => w.id === extended)).toMatchObject({ extendedRetries: true });
    const changed = await platformCall('PUT', `/${plain}/settings`, { extendedRetries: true, maxConcurrency: 3, maxPerSecond: 20 });
    expect(changed).toEqual({
      status: 200,
      body: { webhook: expect.objectContaining({ id: plain, extendedRetries: true, maxConcurrency: 3, maxPerSecond: 20 }) },
    });
    expect((await platformCall('PUT', `/${plain}/settings`, { maxPerSecond: null })).body.webhook).toMatchObject({
      maxConcurrency: 3,
      maxPerSecond: null,
    });
    expect((await platformCall('PUT', `/${plain}/settings`, { maxConcurrency: 0 })).status).toBe(400);
    expect((await platformCall('POST', '', { url: receiver.url('/x'), extendedRetries: 'yes' })).status).toBe(400);

    const created = await orchestratorCall(orchestrator.key, 'POST', '', { url: receiver.url('/orch-settings'), extendedRetries: true });
    expect(created.status).toBe(201);
    const id = (created.body.webhook as Webhook).id;
    expect(created.body.webhook).toMatchObject({ extendedRetries: true, disabledReason: null, disabledAt: null });
    expect((await orchestratorCall(orchestrator.key, 'PUT', `/${id}/settings`, { extendedRetries: false })).body.webhook).toMatchObject({
      extendedRetries: false,
    });
    const other = await seedOrchestrator(db);
    expect((await orchestratorCall(other.key, 'PUT', `/${id}/settings`, { extendedRetries: true })).status).toBe(404);
    expect((await orchestratorCall(other.key, 'POST', `/${id}/recover`, { since: new Date().toISOString() })).status).toBe(404);
    expect((await orchestratorCall(orchestrator.key, 'POST', `/${id}/recover`, { since: 'yesterday' })).status).toBe(400);
  });

  it('recovers every failed delivery since a time in one call (same ids, retry count 0, recovery lane), then every one with status all', async () => {
    const id = await platformHook('/recover');
    const seed = async (status: string, ageHours: number) => {
      const deliveryId = ulid();
      const event = paymentConfirmed({ platformId: tenant.platformId }, { clientId: tenant.clientId });
      await sqlExecute(
        db,
        `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, attempt_count, round_attempts, created_at, completed_at)
         VALUES ($1, $2, nextval(pg_get_serial_sequence('outbox_events', 'id')), 'payment.confirmed', $3, $4, 4, 4, now() - $5 * interval '1 hour', now())`,
        [deliveryId, id, webhookBody('payment.confirmed', event.payload), status, ageHours],
      );
      return deliveryId;
    };
    const failed = await Promise.all(Array.from({ length: 30 }, () => seed('failed', 1)));
    const succeeded = await Promise.all(Array.from({ length: 10 }, () => seed('succeeded', 1)));
    await Promise.all(Array.from({ length: 5 }, () => seed('failed', 48)));
    const since = new Date(Date.now() - 24 * 3600 * 1000).toISOString();

    expect(await platformCall('POST', `/${id}/recover`, { since })).toEqual({ status: 202, body: { queued: 30, more: false } });
    await receiver.until(() => at('/recover').length >= 30, '30 recovered deliveries', 30000);
    expect(new Set(at('/recover').map((r) => header(r, 'x-service-delivery')))).toEqual(new Set(failed));
    expect(new Set(at('/recover').map((r) => header(r, 'x-service-retry-count')))).toEqual(new Set(['0']));
    // Recorded (the receiver answered just before): a pending delivery is not recovered again.
    await rowsWhen(db, `SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`, [id], (r) => r.length === 0);
    expect(await platformCall('POST', `/${id}/recover`, { since, status: 'all' })).toEqual({
      status: 202,
      body: { queued: 40, more: false },
    });
    await receiver.until(() => at('/recover').length >= 70, '40 more', 30000);
    expect(
      new Set(
        at('/recover')
          .slice(30)
          .map((r) => header(r, 'x-service-delivery')),
      ),
    ).toEqual(new Set([...failed, ...succeeded]));
    const rows = await rowsWhen<{ lane: string; round: number; status: string; n: number }>(
      db,
      `SELECT lane, round, status, count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [id],
      (r) => r.every((row) => row.status !== 'pending'),
    );
    expect(rows).toEqual([
      { lane: 'live', round: 0, status: 'failed', n: 5 },
      { lane: 'recovery', round: 1, status: 'succeeded', n: 10 },
      { lane: 'recovery', round: 2, status: 'succeeded', n: 30 },
    ]);
  }, 90000);

  it('disables an endpoint whose every attempt failed for the period, marks it in the list and tells the other endpoints; reactivation clears the mark', async () => {
    replies.set('/dying', [{ status: 500 }]);
    const dying = await platformHook('/dying');
    await platformHook('/sibling');
    await emit(db, [paymentConfirmed({ platformId: tenant.platformId }, { clientId: tenant.clientId })]);
    const notice = await receiver.waitUntil((r) => r.path === '/sibling' && eventOf(r).event === 'webhook_endpoint.disabled', 1, 30000);
    expect(eventOf(notice)).toEqual({
      event: 'webhook_endpoint.disabled',
      webhookId: dying,
      url: receiver.url('/dying'),
      reason: 'failing',
      failingSince: expect.any(String),
      clientId: tenant.clientId,
      orchestratorId: null,
      timestamp: expect.any(String),
    });
    // Attempts at 0, 1 and 6 s: the third is the first after 3 s of failures.
    expect(at('/dying')).toHaveLength(3);
    const marked = (await platformList()).find((w) => w.id === dying)!;
    expect(marked).toMatchObject({ isActive: false, disabledReason: 'failing', disabledAt: expect.any(String) });
    expect((await platformCall('PUT', `/${dying}`)).body.webhook).toMatchObject({ isActive: true, disabledReason: null, disabledAt: null });
  }, 60000);

  it("honours Retry-After on a 503 and disables an extended-schedule endpoint at a 410, telling the orchestrator's other endpoints", async () => {
    replies.set('/gone', [{ status: 410 }]);
    replies.set('/busy', [{ status: 503, headers: { 'retry-after': '3' } }, { status: 200 }]);
    const register = async (path: string, extendedRetries: boolean) =>
      ((await orchestratorCall(orchestrator.key, 'POST', '', { url: receiver.url(path), extendedRetries })).body.webhook as Webhook).id;
    const gone = await register('/gone', true);
    await register('/busy', true);
    await register('/orch-peer', false);
    await emit(db, [paymentConfirmed({ platformId: tenant.platformId }, { orchestratorId: orchestrator.id })]);
    const notice = await receiver.waitUntil((r) => r.path === '/orch-peer' && eventOf(r).event === 'webhook_endpoint.disabled', 1, 30000);
    expect(eventOf(notice)).toMatchObject({ webhookId: gone, reason: 'gone', clientId: null, orchestratorId: orchestrator.id });
    const listed = (await orchestratorCall(orchestrator.key, 'GET', '')).body.webhooks as Webhook[];
    expect(listed.find((w) => w.id === gone)).toMatchObject({ isActive: false, disabledReason: 'gone' });
    expect(at('/gone')).toHaveLength(1);
    const confirmed = (r: ReceivedWebhook) => r.path === '/busy' && eventOf(r).event === 'payment.confirmed';
    await receiver.waitUntil(confirmed, 2, 30000);
    const [first, second] = receiver.received.filter(confirmed);
    // Retry-After: 3 instead of the schedule's 1 s.
    expect(second.at - first.at).toBeGreaterThanOrEqual(2900);
    expect(header(second, 'x-service-retry-count')).toBe('1');
  }, 60000);
});
