import { createDataSource, sqlExecute, type WebhookOwner } from '@payrail/persistence';
import { webhookDeliveryJobId, type WebhookDeliveryJob } from '@payrail/domain';
import { QUEUES, validateEnv } from '@payrail/platform';
import { WebhookDeliveryQueue } from '@payrail/webhooks';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { addEndpoint, seedClientId, seedOrchestrator, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { DeliveryReconciler } from './delivery-reconciler.js';

// Issue #29 item 6: a recovered delivery whose job Redis lost is queued again by the reconciler
// with its rank in its owner's turns on the recovery lane, as recover queued it; without one it
// would go before every owner's ranked deliveries (BullMQ takes unprioritised jobs first).
describe('DeliveryReconciler and the recovery lane (real Postgres, Redis, BullMQ)', () => {
  let db: DataSource;
  let redis: Redis;
  let live: Queue<WebhookDeliveryJob>;
  let recovery: Queue<WebhookDeliveryJob>;
  let reconciler: DeliveryReconciler;
  let queue: WebhookDeliveryQueue;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const prefix = uniqueName('whrecon');
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const connection = { url: testStack().redisUrl };
    live = new Queue(QUEUES.webhookDeliveries, { connection, prefix });
    recovery = new Queue(QUEUES.webhookRecovery, { connection, prefix });
    redis = new Redis(testStack().redisUrl);
    queue = new WebhookDeliveryQueue(live, recovery);
    reconciler = new DeliveryReconciler(db, queue, redis, validateEnv(WebhookWorkerEnv, appEnv(databaseUrl, prefix)));
  });

  afterAll(async () => {
    await Promise.all([live.close(), recovery.close()]);
    redis.disconnect();
    await db.destroy();
  });

  /** Pending deliveries of an endpoint whose attempt has been due for an hour, with no job in Redis. */
  const seedLost = async (
    endpointId: string,
    count: number,
    state: { lane: 'live' | 'recovery'; round: number; roundAttempts: number },
  ) => {
    const ids = Array.from({ length: count }, () => ulid());
    await sqlExecute(
      db,
      `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, round, attempt_count, round_attempts, lane, next_attempt_at)
       SELECT id, $2, nextval(pg_get_serial_sequence('outbox_events', 'id')), 'payment.confirmed', '{}', 'pending', $3, $4, $4, $5, now() - interval '1 hour'
         FROM unnest($1::text[]) AS id`,
      [ids, endpointId, state.round, state.roundAttempts, state.lane],
    );
    return ids.sort();
  };
  const endpointOf = async (owner: WebhookOwner) => (await addEndpoint(db, owner, `https://hooks.example.com/${ulid()}`)).id;

  it("queues lost first attempts of recoveries ranked within each owner's turns, from where the lane's turns are; retries and live ones unranked", async () => {
    const platform = await seedPlatform(db);
    const [a, b] = [await seedClientId(db, platform), await seedClientId(db, await seedPlatform(db))];
    const orchestrator = await seedOrchestrator(db);
    const aHook = await endpointOf({ kind: 'client-id', clientIdId: a.id });
    const bHook = await endpointOf({ kind: 'client-id', clientIdId: b.id });
    const oHook = await endpointOf({ kind: 'orchestrator', orchestratorId: orchestrator.id });
    const recovered = { lane: 'recovery', round: 1, roundAttempts: 0 } as const;
    const aIds = await seedLost(aHook, 6, recovered);
    const bIds = await seedLost(bHook, 2, recovered);
    const [oId] = await seedLost(oHook, 1, recovered);
    const [retry] = await seedLost(aHook, 1, { lane: 'recovery', round: 1, roundAttempts: 2 });
    const [liveFirst] = await seedLost(aHook, 1, { lane: 'live', round: 0, roundAttempts: 0 });
    // Another recovery is under way, its next delivery at rank 4: the lane's turns are there now.
    const other = ulid();
    await queue.enqueueRecovery(
      [{ deliveryId: other, round: 1, attempt: 0, test: false, requestId: null, eventType: 'payment.confirmed' }],
      3,
    );

    expect(await reconciler.reconcile()).toBe(6 + 2 + 1 + 1 + 1);

    const ranked = new Map((await recovery.getPrioritized(0, -1)).map((job) => [job.data.deliveryId, job.opts.priority]));
    expect(Object.fromEntries(ranked)).toEqual({
      [other]: 4,
      ...Object.fromEntries(aIds.map((id, k) => [id, 4 + k])),
      ...Object.fromEntries(bIds.map((id, k) => [id, 4 + k])),
      [oId]: 4,
    });
    // Owners take turns again: the lane's first eight are the four owners' first, then their second...
    const order = (await recovery.getPrioritized(0, -1)).map((job) => job.data.deliveryId);
    const ownerOf = (id: string) => (aIds.includes(id) ? 'a' : bIds.includes(id) ? 'b' : id === oId ? 'o' : 'other');
    expect(order.slice(0, 4).map(ownerOf).sort()).toEqual(['a', 'b', 'o', 'other']);
    expect(order.slice(4, 6).map(ownerOf).sort()).toEqual(['a', 'b']);
    expect(order.slice(6).map(ownerOf)).toEqual(['a', 'a', 'a', 'a']);
    // A recovered delivery's retry goes unranked, as the worker queues retries; live attempts stay live.
    const retryJob = await recovery.getJob(webhookDeliveryJobId(retry, 1, 2));
    expect({ state: await retryJob?.getState(), priority: retryJob?.opts.priority ?? 0 }).toEqual({ state: 'waiting', priority: 0 });
    expect(await live.getJobState(webhookDeliveryJobId(liveFirst, 0))).toBe('waiting');
  });
});
