import { webhookBody } from '@payrail/domain';
import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { QUEUES } from '@payrail/platform';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import type { AppHandle } from '@payrail/devstack';
import { paymentConfirmed, seedOrchestrator, seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { rowsWhen } from '@payrail/test-support/webhook-worker/rows-when.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { jsonCall } from '@payrail/test-support/json-call.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

type Tenant = { platformId: string; id: string; clientId: string; apiKey: string };
const PER_CALL = 100;

// Issue #29 item 6 as attacks over HTTP against the built auth-api, payments-api and
// webhook-worker: a slot-hogging maxConcurrency, a recover reaching back to 2000, recovers
// stacked on a running one, and one owner's big recovery ahead of another's small one.
describe('webhook fairness: maxConcurrency cap, bounded recover, fair recovery lane (built apps, real processes)', () => {
  const apps: AppHandle[] = [];
  let db: DataSource;
  let receiver: TestReceiver;
  let recoveryQueue: Queue;
  const prefix = uniqueName('whfair');

  const platformCall = (tenant: Tenant, method: string, path: string, body?: object) =>
    jsonCall(`${apps[0].url}/v1/webhook${path}`, method, { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey }, body);
  const orchestratorCall = (key: string, method: string, path: string, body?: object) =>
    jsonCall(`${apps[1].url}/v2/orchestrators/webhooks${path}`, method, { 'x-orchestrator-key': key }, body);
  const platformHook = async (tenant: Tenant, path: string) => {
    const created = await platformCall(tenant, 'POST', '', { url: receiver.url(path) });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  /** `count` finished failed deliveries of an endpoint, created an hour ago. */
  const seedFailed = async (tenant: Tenant, endpointId: string, count: number) => {
    const event = paymentConfirmed({ platformId: tenant.platformId }, { clientId: tenant.clientId });
    const ids = Array.from({ length: count }, () => ulid());
    await sqlExecute(
      db,
      `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, attempt_count, round_attempts, created_at, completed_at)
       SELECT id, $2, nextval(pg_get_serial_sequence('outbox_events', 'id')), 'payment.confirmed', $3, 'failed', 4, 4, now() - interval '1 hour', now()
         FROM unnest($1::text[]) AS id`,
      [ids, endpointId, webhookBody('payment.confirmed', event.payload)],
    );
    return ids;
  };
  const recent = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const deliveryOf = (r: ReceivedWebhook) => r.headers['x-service-delivery'] as string;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const env = appEnv(databaseUrl, prefix, {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
      WEBHOOK_RECOVER_MAX_PER_CALL: String(PER_CALL),
      // One recovery attempt at a time: the order deliveries reach the receiver is the lane's order.
      WEBHOOK_RECOVERY_CONCURRENCY: '1',
    });
    apps.push(...(await Promise.all((['auth-api', 'payments-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)))));
    receiver = await TestReceiver.start(() => ({ status: 200, body: 'ok' }));
    recoveryQueue = new Queue(QUEUES.webhookRecovery, { connection: { url: testStack().redisUrl }, prefix });
  }, 120000);

  afterAll(async () => {
    await recoveryQueue?.resume();
    await recoveryQueue?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await receiver.close();
    await db.destroy();
  });

  it('refuses a maxConcurrency above the share of a worker process (25% of 200 slots: 50) on both APIs with a 400 naming the field', async () => {
    const tenant = await seedTenant(db);
    const id = await platformHook(tenant, '/cap');
    const refused = await platformCall(tenant, 'PUT', `/${id}/settings`, { maxConcurrency: 1000 });
    expect(refused).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining('maxConcurrency must not be greater than 50') as string,
        errors: [{ field: 'maxConcurrency', message: expect.any(String) as string }],
      },
    });
    expect((await platformCall(tenant, 'PUT', `/${id}/settings`, { maxConcurrency: 51 })).status).toBe(400);
    expect((await platformCall(tenant, 'PUT', `/${id}/settings`, { maxConcurrency: 50 })).body.webhook).toMatchObject({
      maxConcurrency: 50,
    });

    const orchestrator = await seedOrchestrator(db);
    const created = await orchestratorCall(orchestrator.key, 'POST', '', { url: receiver.url('/orch-cap') });
    const orchId = (created.body.webhook as { id: string }).id;
    const orchRefused = await orchestratorCall(orchestrator.key, 'PUT', `/${orchId}/settings`, { maxConcurrency: 1000 });
    expect(orchRefused.status).toBe(400);
    expect(orchRefused.body.errors).toEqual([{ field: 'maxConcurrency', message: expect.any(String) as string }]);
    expect((await orchestratorCall(orchestrator.key, 'GET', '')).body.webhooks).toEqual([
      expect.objectContaining({ id: orchId, maxConcurrency: null }),
    ]);
  });

  it('refuses a recover reaching beyond the 14-day window with a 400 naming since, reopening nothing', async () => {
    const tenant = await seedTenant(db);
    const id = await platformHook(tenant, '/window');
    await seedFailed(tenant, id, 3);
    const refused = await platformCall(tenant, 'POST', `/${id}/recover`, { since: '2000-01-01T00:00:00Z', status: 'all' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('within the last 14 days') as string,
      errors: [{ field: 'since', message: expect.any(String) as string }],
    });
    const orchestrator = await seedOrchestrator(db);
    const created = await orchestratorCall(orchestrator.key, 'POST', '', { url: receiver.url('/orch-window') });
    const orchId = (created.body.webhook as { id: string }).id;
    const fifteenDays = new Date(Date.now() - 15 * 86_400_000).toISOString();
    expect((await orchestratorCall(orchestrator.key, 'POST', `/${orchId}/recover`, { since: fifteenDays })).status).toBe(400);
    const pending = await sqlOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`,
      [id],
    );
    expect(pending?.n).toBe(0);
  });

  it("reopens at most the per-call count, refuses a second recovery while one runs (even at once, even another endpoint), and takes turns with another owner's", async () => {
    await recoveryQueue.pause(); // nothing drains until both recoveries are queued
    const big = await seedTenant(db);
    const small = await seedTenant(db);
    const bigHook = await platformHook(big, '/big');
    const bigOther = await platformHook(big, '/big-other');
    const smallHook = await platformHook(small, '/small');
    const bigIds = await seedFailed(big, bigHook, PER_CALL + 20);
    await seedFailed(big, bigOther, 5);
    const smallIds = new Set(await seedFailed(small, smallHook, 10));

    // Five recovers of one owner at once: one starts, the others are refused (a Postgres lock per owner).
    const raced = await Promise.all(Array.from({ length: 5 }, () => platformCall(big, 'POST', `/${bigHook}/recover`, { since: recent() })));
    expect(raced.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    expect(raced.find((r) => r.status === 202)!.body).toEqual({ queued: PER_CALL, more: true });
    expect(raced.find((r) => r.status === 409)!.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: expect.stringContaining('A recovery is already running') as string,
    });
    expect((await platformCall(big, 'POST', `/${bigOther}/recover`, { since: recent() })).status).toBe(409);

    // Another owner is not held up by the first one's recovery: its own starts at once...
    expect(await platformCall(small, 'POST', `/${smallHook}/recover`, { since: recent() })).toEqual({
      status: 202,
      body: { queued: 10, more: false },
    });
    await recoveryQueue.resume();
    await receiver.until(() => receiver.received.length >= PER_CALL + 10, 'both recoveries', 60000);
    // ...and drains beside it, one delivery of each in turn: its 10th arrives by the 20th
    // (today's main: after the other's 100).
    const order = receiver.received.filter((r) => r.path === '/big' || r.path === '/small').map(deliveryOf);
    const lastSmall = Math.max(...order.map((id, i) => (smallIds.has(id) ? i : -1)));
    expect(lastSmall).toBeLessThan(20);
    expect(new Set(order.filter((id) => !smallIds.has(id)))).toEqual(new Set([...bigIds].sort().slice(0, PER_CALL))); // the oldest (ids are ULIDs)

    // Drained: the owner may recover again and gets the oldest of the rest.
    await rowsWhen(db, `SELECT 1 FROM webhook_deliveries WHERE status = 'pending'`, [], (r) => r.length === 0);
    expect(await platformCall(big, 'POST', `/${bigHook}/recover`, { since: recent() })).toEqual({
      status: 202,
      body: { queued: 20, more: false },
    });
  }, 120000);

  it("lets a small recovery that starts while another drains go ahead of the other's remaining turns (a bounded head start)", async () => {
    const big = await seedTenant(db);
    const small = await seedTenant(db);
    const bigHook = await platformHook(big, '/big-drains');
    const smallHook = await platformHook(small, '/small-joins');
    await seedFailed(big, bigHook, PER_CALL);
    const smallIds = new Set(await seedFailed(small, smallHook, 10));
    const arrived = (path: string) => receiver.received.filter((r) => r.path === path);

    // The big recovery drains partly (one at a time: the lane's concurrency is 1), then the lane stops.
    expect((await platformCall(big, 'POST', `/${bigHook}/recover`, { since: recent() })).status).toBe(202);
    await receiver.until(() => arrived('/big-drains').length >= 30, 'part of the big recovery', 60000);
    await recoveryQueue.pause();
    await rowsWhen(db, `SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'pending'`, [bigHook], (r) => r.length > 0);

    // The small one starts beside it: every one of its deliveries is ranked before all of the big one's left.
    expect((await platformCall(small, 'POST', `/${smallHook}/recover`, { since: recent() })).status).toBe(202);
    const waiting = await recoveryQueue.getPrioritized(0, -1);
    const ranks = (ids: (id: string) => boolean) =>
      waiting.filter((j) => ids((j.data as { deliveryId: string }).deliveryId)).map((j) => j.opts.priority ?? 0);
    const smallRanks = ranks((id) => smallIds.has(id));
    const bigRanks = ranks((id) => !smallIds.has(id));
    expect(smallRanks).toHaveLength(10);
    expect(bigRanks.length).toBeGreaterThan(0);
    expect(Math.max(...smallRanks)).toBeLessThan(Math.min(...bigRanks));

    // Drained in that order: the small one's 10 arrive before any more of the big one's (one may be in flight).
    const bigBefore = arrived('/big-drains').length;
    await recoveryQueue.resume();
    await receiver.until(() => arrived('/small-joins').length >= 10, 'the small recovery', 60000);
    expect(arrived('/big-drains').length - bigBefore).toBeLessThanOrEqual(1);
    await receiver.until(() => arrived('/big-drains').length >= PER_CALL, 'the rest of the big recovery', 60000);
  }, 120000);
});
