import type { INestApplication } from '@nestjs/common';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { WEBHOOK_BATCH_JOB_NAME } from '@payrail/domain';
import { QUEUES } from '@payrail/platform';
import { type DeliveryToQueue, WebhookDeliveryQueue } from '@payrail/webhooks';
import { QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { DeliveryJobWatcher } from '@payrail/test-support/webhook-worker/queue-events.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';

const SLOW_MS = 2500;

// One payment.confirmed event fanned out to three endpoints of one Client ID: the fan-out queues
// the three first attempts as one batch job. One receiver answers at once, one fails its first
// attempt, one takes SLOW_MS to answer.
describe('a batch job of deliveries (real Postgres, Redis, BullMQ, receivers)', () => {
  let db: DataSource;
  let worker: INestApplication;
  let jobs: DeliveryJobWatcher;
  let events: QueueEvents;
  const batches: { jobId: string; result: Record<string, string> }[] = [];
  const receivers = new Map<string, TestReceiver>();
  const ids = new Map<string, string>();
  /** For each retry queued: whether its attempt row was visible to another connection (committed) at that moment. */
  const committedBeforeRetry: { deliveryId: string; attempt: number; committed: boolean }[] = [];
  /** Per receiver: the delivery rows as they stood when the slow receiver got its request (before it answered). */
  let whileSlowInFlight: { id: string; status: string; attempt_count: number }[] = [];

  const deliveryOf = async (name: string) =>
    (
      await sqlRows<{ id: string; status: string; attempt_count: number }>(
        db,
        'SELECT id, status, attempt_count FROM webhook_deliveries WHERE endpoint_id = $1',
        [ids.get(name)],
      )
    )[0];

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const prefix = uniqueName('whb');
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    receivers.set('ok', await TestReceiver.start(() => ({ status: 200 })));
    receivers.set('failsOnce', await TestReceiver.start((_req, i) => ({ status: i === 0 ? 503 : 200 })));
    receivers.set('slow', await TestReceiver.start(() => ({ status: 200, delayMs: SLOW_MS })));
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    for (const [name, receiver] of receivers)
      ids.set(name, (await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url())).id);

    events = new QueueEvents(QUEUES.webhookDeliveries, { connection: { url: testStack().redisUrl }, prefix });
    await events.waitUntilReady();
    events.on('completed', ({ jobId, returnvalue }) => {
      if (!jobId.startsWith('batch-')) return;
      const result: unknown = typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue;
      batches.push({ jobId, result: result as Record<string, string> });
    });
    jobs = await DeliveryJobWatcher.start(testStack().redisUrl, prefix);
    worker = await startWorkerInProcess(appEnv(databaseUrl, prefix, { LOG_LEVEL: 'silent', OUTBOX_POLL_INTERVAL_MS: '20' }));

    // Every retry the worker queues: is its attempt already committed (seen from another connection)?
    const queue = worker.get(WebhookDeliveryQueue);
    const enqueue = queue.enqueue.bind(queue);
    queue.enqueue = async (deliveries: DeliveryToQueue[]) => {
      for (const d of deliveries.filter((x) => x.attempt)) {
        const rows = await sqlRows(db, 'SELECT 1 FROM webhook_delivery_attempts WHERE delivery_id = $1 AND retry_count = $2', [
          d.deliveryId,
          d.attempt! - 1,
        ]);
        committedBeforeRetry.push({ deliveryId: d.deliveryId, attempt: d.attempt!, committed: rows.length === 1 });
      }
      return enqueue(deliveries);
    };

    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    await receivers.get('slow')!.waitFor(1, 30000);
    // The slow receiver holds its answer for SLOW_MS: what do its siblings' rows say meanwhile?
    await new Promise((resolve) => setTimeout(resolve, 300));
    whileSlowInFlight = await Promise.all(['ok', 'failsOnce', 'slow'].map(deliveryOf));
    await jobs.finished(3, 30000);
  }, 60000);

  afterAll(async () => {
    await worker.close();
    await Promise.all([jobs.close(), events.close(), ...[...receivers.values()].map((r) => r.close())]);
    await db.destroy();
  });

  it('queues the three first attempts of one event as one batch job, which reports each delivery by its job id', async () => {
    const [ok, failsOnce, slow] = await Promise.all(['ok', 'failsOnce', 'slow'].map(deliveryOf));
    expect(batches).toHaveLength(1);
    expect(batches[0].result).toEqual({ [ok.id]: 'succeeded', [failsOnce.id]: 'retrying', [slow.id]: 'succeeded' });
    expect(WEBHOOK_BATCH_JOB_NAME).toBe('delivery-batch');
  });

  it('records each sibling as soon as its own attempt ends: the fast ones are committed while the slow one is still in flight', () => {
    const [ok, failsOnce, slow] = whileSlowInFlight;
    expect(ok).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    // Failed once and recorded: pending its retry, due 1 s after the failure (whatever the slow sibling does).
    expect(failsOnce).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(slow).toMatchObject({ status: 'pending', attempt_count: 0 });
  });

  it('retries the failing delivery on its own schedule (1 s after its failure), without waiting for the slow sibling', () => {
    const [first, second] = receivers.get('failsOnce')!.received;
    const slowArrival = receivers.get('slow')!.received[0].at;
    expect(second.headers['x-service-retry-count']).toBe('1');
    expect(second.at - first.at).toBeGreaterThanOrEqual(1000);
    expect(second.at - first.at).toBeLessThan(1600);
    expect(second.at).toBeLessThan(slowArrival + SLOW_MS);
  });

  it('commits the attempt row before its retry is queued', async () => {
    expect(committedBeforeRetry).toEqual([{ deliveryId: (await deliveryOf('failsOnce')).id, attempt: 1, committed: true }]);
  });

  it('sends each successful sibling once: the failure of one delivery re-sends none of the others', async () => {
    expect(receivers.get('ok')!.received).toHaveLength(1);
    expect(receivers.get('slow')!.received).toHaveLength(1);
    expect(receivers.get('failsOnce')!.received).toHaveLength(2);
    for (const name of ['ok', 'failsOnce', 'slow']) expect(await deliveryOf(name)).toMatchObject({ status: 'succeeded' });
    const attempts = await sqlRows<{ endpoint_id: string; retry_count: number; status_code: number }>(
      db,
      `SELECT d.endpoint_id, a.retry_count, a.status_code FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        ORDER BY d.endpoint_id, a.retry_count`,
    );
    const byName = (name: string) => attempts.filter((a) => a.endpoint_id === ids.get(name)).map((a) => [a.retry_count, a.status_code]);
    expect(byName('ok')).toEqual([[0, 200]]);
    expect(byName('slow')).toEqual([[0, 200]]);
    expect(byName('failsOnce')).toEqual([
      [0, 503],
      [1, 200],
    ]);
  });
});
