import { freePort, startRedis, type AppHandle, type RedisHandle } from '@payrail/devstack';
import { createDataSource, sqlExecute } from '@payrail/persistence';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { rowsWhen } from '@payrail/test-support/webhook-worker/rows-when.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

/** Requests grouped by the event they carry (its requestId). */
function byEvent(received: ReceivedWebhook[]): Map<string, ReceivedWebhook[]> {
  const groups = new Map<string, ReceivedWebhook[]>();
  for (const r of received) {
    const requestId = (JSON.parse(r.body) as { requestId: string }).requestId;
    groups.set(requestId, [...(groups.get(requestId) ?? []), r]);
  }
  return groups;
}

const header = (r: ReceivedWebhook, name: string) => r.headers[name] as string | undefined;

// Redis is only a cache of work (issue #22 item 0-1): each test has its own redis-server (it
// is flushed, killed and restarted) and runs the built webhook-worker as a child process.
describe('webhook deliveries survive the loss of Redis and of the worker (real processes)', () => {
  let db: DataSource;
  let databaseUrl: string;
  let redisPort: number;
  let redis: RedisHandle;
  const workers: AppHandle[] = [];
  const receivers: TestReceiver[] = [];

  const workerEnv = (extra: Record<string, string> = {}) =>
    appEnv(databaseUrl, uniqueName('whdur'), {
      LOG_LEVEL: 'warn',
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      OUTBOX_POLL_INTERVAL_MS: '20',
      WEBHOOK_RECONCILE_INTERVAL_MS: '500',
      WEBHOOK_RECONCILE_GRACE_MS: '1000',
      WEBHOOK_JOB_LOCK_MS: '2000',
      ...extra,
    });
  const startRedisHere = () => startRedis({ port: redisPort, log: () => undefined });
  const tenant = async () => {
    const platformId = await seedPlatform(db);
    return { platformId, client: await seedClientId(db, platformId) };
  };

  beforeEach(async () => {
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    redisPort = await freePort();
    redis = await startRedisHere();
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    await redis.stop();
    await db.destroy();
  });

  it('delivers an event whose retry job was wiped by FLUSHALL during the 5 s wait, as the third attempt with the same delivery id', async () => {
    const receiver = await TestReceiver.start((_r, i) => (i < 2 ? { status: 500 } : { status: 200 }));
    receivers.push(receiver);
    const { platformId, client } = await tenant();
    await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
    workers.push(await startTestApp('webhook-worker', workerEnv()));
    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    const [, second] = await receiver.waitFor(2, 30000);
    const admin = new Redis(`redis://127.0.0.1:${redisPort}`);
    // The second attempt's row is written, then its retry job scheduled: flush only once it is there.
    for (const until = Date.now() + 10000; (await admin.keys('*-a2')).length === 0 && Date.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await admin.keys('*-a2')).toHaveLength(1);
    await admin.flushall();
    // The worker writes its own keys back at once; the attempt's delayed job is gone.
    const retryJobsAfterFlush = await admin.keys('*-a2');
    await admin.quit();
    const third = (await receiver.waitFor(3, 30000))[2];
    expect(retryJobsAfterFlush).toEqual([]);
    expect(header(third, 'x-service-delivery')).toBe(header(second, 'x-service-delivery'));
    expect(header(third, 'x-service-retry-count')).toBe('2');
    // Due 5 s after the second; the reconciler finds it overdue within its grace (1 s) and interval (0.5 s).
    expect(third.at - second.at).toBeGreaterThanOrEqual(4900);
    expect(third.at - second.at).toBeLessThan(10000);
    const rows = await rowsWhen<{ status: string }>(
      db,
      'SELECT status, round_attempts FROM webhook_deliveries',
      [],
      (r) => r[0]?.status !== 'pending',
    );
    expect(rows).toEqual([{ status: 'succeeded', round_attempts: 3 }]);
  }, 60000);

  it('delivers every one of 1,000 events when Redis is killed and restarted empty mid-burst; repeats carry the same delivery id', async () => {
    const receiver = await TestReceiver.start();
    receivers.push(receiver);
    const { platformId, client } = await tenant();
    await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
    workers.push(await startTestApp('webhook-worker', workerEnv()));
    const writing = (async () => {
      for (let written = 0; written < 1000; written += 25)
        await emit(
          db,
          Array.from({ length: 25 }, () => paymentConfirmed({ platformId }, { clientId: client.clientId })),
        );
    })();
    await receiver.waitFor(150, 60000);
    await redis.stop(); // SIGTERM; no persistence configured: everything in it is gone
    const atKill = receiver.received.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    redis = await startRedisHere();
    await writing;
    await receiver.until(() => byEvent(receiver.received).size >= 1000, '1000 distinct events', 90000);
    const events = byEvent(receiver.received);
    expect(atKill).toBeLessThan(1000);
    expect(events.size).toBe(1000);
    for (const [, requests] of events) expect(new Set(requests.map((r) => header(r, 'x-service-delivery'))).size).toBe(1);
    const statuses = `SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status`;
    expect(await rowsWhen<{ status: string }>(db, statuses, [], (r) => r.length === 1 && r[0].status === 'succeeded')).toEqual([
      { status: 'succeeded', n: 1000 },
    ]);
  }, 150000);

  it('keeps an extended schedule going across a SIGKILLed worker and an emptied Redis: attempts 5-7 carry x-service-attempt, retry count stays 3', async () => {
    const receiver = await TestReceiver.start((_r, i) => (i < 6 ? { status: 502 } : { status: 204 }));
    receivers.push(receiver);
    const { platformId, client } = await tenant();
    const endpoint = await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
    await sqlExecute(db, 'UPDATE webhook_endpoints SET extended_retries = true WHERE id = $1', [endpoint.id]);
    // Short extended delays for the test (production: 1 m, 5 m, 30 m, ...), no jitter so the gaps are exact.
    const env = workerEnv({
      WEBHOOK_EXTENDED_DELAYS_MS: '3000,2000',
      WEBHOOK_EXTENDED_HORIZON_SECONDS: '120',
      WEBHOOK_EXTENDED_JITTER_PERCENT: '0',
    });
    const first = await startTestApp('webhook-worker', env);
    workers.push(first);
    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    await receiver.waitFor(5, 60000); // the interface's four, and the first extended attempt
    // Killed once that attempt is recorded (killed mid-attempt, the attempt is rightly sent again).
    await rowsWhen<{ n: number }>(db, 'SELECT round_attempts AS n FROM webhook_deliveries', [], (r) => r[0]?.n >= 5);
    expect(await first.kill()).toBe('SIGKILL');
    workers.splice(workers.indexOf(first), 1);
    await redis.stop();
    redis = await startRedisHere();
    workers.push(await startTestApp('webhook-worker', env));
    const all = await receiver.waitFor(7, 60000);
    expect(all.map((r) => header(r, 'x-service-retry-count'))).toEqual(['0', '1', '2', '3', '3', '3', '3']);
    expect(all.map((r) => header(r, 'x-service-attempt') ?? null)).toEqual([null, null, null, null, '4', '5', '6']);
    expect(new Set(all.map((r) => header(r, 'x-service-delivery'))).size).toBe(1);
    const gaps = all.slice(1).map((r, i) => r.at - all[i].at);
    expect(gaps[3]).toBeGreaterThanOrEqual(2900); // 3 s after the fourth
    expect(gaps[4]).toBeGreaterThanOrEqual(1900); // then every 2 s
    // The seventh attempt is recorded after its answer arrived: wait for its row.
    const attempts = 'SELECT retry_count FROM webhook_delivery_attempts ORDER BY id';
    const rows = await rowsWhen<{ retry_count: number }>(db, attempts, [], (r) => r.length >= 7);
    expect(rows.map((r) => r.retry_count)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await rowsWhen<{ status: string }>(db, 'SELECT status FROM webhook_deliveries', [], (r) => r[0]?.status !== 'pending')).toEqual([
      { status: 'succeeded' },
    ]);
  }, 120000);
});
