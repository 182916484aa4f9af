import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { AppHandle } from '@payrail/devstack';
import {
  addEndpoint,
  emit,
  paymentConfirmed,
  seedApiKey,
  seedClientId,
  seedOrchestrator,
  seedPlatform,
} from '@payrail/test-support/webhook-worker/fixtures.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

// The built apps as real processes: what the logs hold, a worker killed with SIGKILL in the
// middle of a burst, and two worker replicas sharing one queue.

const logOf = (app: AppHandle) => readFileSync(join(testStack().dir, `${app.name}-${new URL(app.url).port}.log`), 'utf8');

async function tenant(db: DataSource) {
  const platformId = await seedPlatform(db);
  return { platformId, client: await seedClientId(db, platformId) };
}

/** Writes `count` payment.confirmed events for the Client ID into the outbox, `perTransaction` at a time. */
async function burst(db: DataSource, platformId: string, clientId: string, count: number, perTransaction = 50): Promise<void> {
  for (let written = 0; written < count; written += perTransaction)
    await emit(
      db,
      Array.from({ length: Math.min(perTransaction, count - written) }, () => paymentConfirmed({ platformId }, { clientId })),
    );
}

/** Requests grouped by the event they carry (its requestId). */
function byEvent(received: ReceivedWebhook[]): Map<string, ReceivedWebhook[]> {
  const groups = new Map<string, ReceivedWebhook[]>();
  for (const r of received) {
    const requestId = (JSON.parse(r.body) as { requestId: string }).requestId;
    groups.set(requestId, [...(groups.get(requestId) ?? []), r]);
  }
  return groups;
}

async function withDatabase(): Promise<{ databaseUrl: string; db: DataSource }> {
  const databaseUrl = await createTestDatabase();
  const db = createDataSource(databaseUrl, 4);
  await db.initialize();
  return { databaseUrl, db };
}

describe('webhook secrets stay secret across the three apps (built, real processes)', () => {
  const apps: AppHandle[] = [];
  let db: DataSource;
  const secrets: string[] = [];
  let receiver: TestReceiver;

  beforeAll(async () => {
    const { databaseUrl, db: opened } = await withDatabase();
    db = opened;
    const env = appEnv(databaseUrl, uniqueName('whe'), { LOG_LEVEL: 'debug' });
    apps.push(...(await Promise.all((['auth-api', 'payments-api', 'webhook-worker'] as const).map((name) => startTestApp(name, env)))));
    receiver = await TestReceiver.start();
  }, 120000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver.close();
    await db.destroy();
  });

  it('shows each secret once, in the create response only: not in lists, state changes, deliveries, nor any log line', async () => {
    const [auth, payments] = apps;
    const { platformId, client } = await tenant(db);
    const apiKey = await seedApiKey(db, platformId);
    const orchestrator = await seedOrchestrator(db);
    const platformCall = (method: string, path: string, body?: object) =>
      fetch(`${auth.url}/v1/webhook${path}`, {
        method,
        headers: { 'x-client-id': client.clientId, 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const orchestratorCall = (method: string, path: string, body?: object) =>
      fetch(`${payments.url}/v2/orchestrators/webhooks${path}`, {
        method,
        headers: { 'x-orchestrator-key': orchestrator.key, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const platform = (await (await platformCall('POST', '', { url: receiver.url('/platform') })).json()) as { id: string; secret: string };
    const orch = (await (await orchestratorCall('POST', '', { url: receiver.url('/orchestrator') })).json()) as {
      webhook: { id: string };
      secret: string;
    };
    secrets.push(platform.secret, orch.secret);
    const responses = [
      await platformCall('GET', ''),
      await platformCall('PUT', `/${platform.id}`),
      await platformCall('PUT', `/${platform.id}`),
      await platformCall('POST', '/test', { eventType: 'payment.confirmed' }),
      await platformCall('GET', `/${platform.id}/deliveries`),
      await orchestratorCall('GET', ''),
      await orchestratorCall('DELETE', `/${orch.webhook.id}`),
      await orchestratorCall('PATCH', `/${orch.webhook.id}`),
      await orchestratorCall('POST', '/test', { eventType: 'client_id.linked' }),
      await orchestratorCall('GET', `/${orch.webhook.id}/deliveries`),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/orchestrator', '/platform']);
    // Signatures are logged nowhere either (they are keyed by the secret).
    const signatures = receiver.received.map((r) => String(r.headers['x-service-signature']));
    const logs = apps.map(logOf).join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    expect(logs).toContain('/v1/webhook'); // the requests were logged, just not their secrets
    for (const secret of secrets) {
      const material = secret.slice('whsec_'.length);
      expect(bodies.filter((b) => b.includes(material))).toEqual([]);
      expect(logs.includes(material)).toBe(false);
    }
    for (const signature of signatures) expect(logs.includes(signature)).toBe(false);
    expect(logs.includes(orchestrator.key)).toBe(false);
    expect(logs.includes(apiKey)).toBe(false);
  });
});

describe('a webhook worker stopped with SIGTERM (built, real process)', () => {
  it('finishes and records the delivery in flight, then exits 0', async () => {
    const { databaseUrl, db } = await withDatabase();
    const receiver = await TestReceiver.start(() => ({ status: 200, delayMs: 1500 }));
    try {
      const { platformId, client } = await tenant(db);
      await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
      const worker = await startTestApp('webhook-worker', appEnv(databaseUrl, uniqueName('whs'), { OUTBOX_POLL_INTERVAL_MS: '20' }));
      await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
      await receiver.waitFor(1); // the attempt is now waiting 1.5 s for its answer
      expect(await worker.stop(15000)).toBe(0);
      expect(await sqlRows(db, 'SELECT status, attempt_count FROM webhook_deliveries')).toEqual([
        { status: 'succeeded', attempt_count: 1 },
      ]);
      expect(await sqlRows(db, 'SELECT status_code, succeeded FROM webhook_delivery_attempts')).toEqual([
        { status_code: 200, succeeded: true },
      ]);
    } finally {
      await receiver.close();
      await db.destroy();
    }
  }, 60000);
});

describe('two webhook-worker replicas on one queue (built, real processes)', () => {
  const workers: AppHandle[] = [];
  let db: DataSource;
  let receiver: TestReceiver;

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await receiver.close();
    await db.destroy();
  });

  it('send each of 500 deliveries exactly once', async () => {
    const { databaseUrl, db: opened } = await withDatabase();
    db = opened;
    const env = appEnv(databaseUrl, uniqueName('whr'), { LOG_LEVEL: 'warn', OUTBOX_POLL_INTERVAL_MS: '20' });
    workers.push(...(await Promise.all([startTestApp('webhook-worker', env), startTestApp('webhook-worker', env)])));
    receiver = await TestReceiver.start();
    const { platformId, client } = await tenant(db);
    await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
    await burst(db, platformId, client.clientId, 500);
    await waitForEvents(receiver, 500);
    const deliveries = receiver.received;
    expect(deliveries).toHaveLength(500);
    expect(new Set(deliveries.map((r) => r.headers['x-service-delivery'])).size).toBe(500);
    expect(byEvent(deliveries).size).toBe(500);
    expect(workers.map((w) => w.child.exitCode)).toEqual([null, null]);
  }, 90000);
});

describe('a webhook worker killed with SIGKILL during a burst of 1,000 events (built, real processes)', () => {
  let worker: AppHandle | undefined;
  let db: DataSource;
  let receiver: TestReceiver;

  afterAll(async () => {
    await worker?.stop();
    await receiver.close();
    await db.destroy();
  });

  it('loses no event: every one delivered at least once, and repeats carry the same delivery id', async () => {
    const { databaseUrl, db: opened } = await withDatabase();
    db = opened;
    // A short job lock so the dead worker's jobs come back within seconds (default 30 s).
    const env = appEnv(databaseUrl, uniqueName('whk'), { LOG_LEVEL: 'warn', OUTBOX_POLL_INTERVAL_MS: '20', WEBHOOK_JOB_LOCK_MS: '2000' });
    receiver = await TestReceiver.start();
    const { platformId, client } = await tenant(db);
    await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
    worker = await startTestApp('webhook-worker', env);
    const writing = burst(db, platformId, client.clientId, 1000, 25);
    await receiver.waitFor(150, 60000);
    expect(await worker.kill()).toBe('SIGKILL');
    const atKill = receiver.received.length;
    await writing;
    worker = await startTestApp('webhook-worker', env);
    const events = await waitForEvents(receiver, 1000);
    expect(atKill).toBeLessThan(1000);
    expect(events.size).toBe(1000);
    for (const [, requests] of events) expect(new Set(requests.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM webhook_deliveries')).toEqual([{ n: 1000 }]);
    expect(await sqlRows(db, `SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`)).toEqual([{ n: 0 }]);
  }, 120000);
});

/** Waits until the receiver has seen `count` distinct events (repeats allowed). */
async function waitForEvents(receiver: TestReceiver, count: number): Promise<Map<string, ReceivedWebhook[]>> {
  const seen = new Set<string>();
  let read = 0;
  await receiver.until(
    () => {
      for (; read < receiver.received.length; read++)
        seen.add((JSON.parse(receiver.received[read].body) as { requestId: string }).requestId);
      return seen.size >= count;
    },
    `${count} distinct events`,
    90000,
  );
  return byEvent(receiver.received);
}
