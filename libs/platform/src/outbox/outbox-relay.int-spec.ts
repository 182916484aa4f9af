import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { appendToOutbox, createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { repoRoot } from '@payrail/devstack';
import { createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { QUEUES, type DomainEventJob } from '../queues/queues.js';
import { BullmqEventPublisher } from './bullmq-event-publisher.js';
import { OutboxRelay } from './outbox-relay.js';

const LOCK_NAMESPACE = 0x50524c59;

describe('transactional outbox and relay (real Postgres, Redis, BullMQ)', () => {
  let databaseUrl: string;
  let db: DataSource;
  let prefix: string;
  let queue: Queue<DomainEventJob>;

  beforeEach(async () => {
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 12);
    await db.initialize();
    prefix = uniqueName('outbox');
    queue = new Queue(QUEUES.domainEvents, { connection: { url: testStack().redisUrl }, prefix });
  });

  afterEach(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    await db.destroy();
  });

  const relay = (concurrency = 1) =>
    new OutboxRelay(db, new BullmqEventPublisher(queue), { batchSize: 50, lockNamespace: LOCK_NAMESPACE, concurrency });

  /** Writes `perAggregate` events for each of `aggregates` aggregates, interleaved, one transaction each. */
  async function writeEvents(aggregates: number, perAggregate: number): Promise<void> {
    for (let seq = 0; seq < perAggregate; seq++) {
      await db.transaction((m) =>
        appendToOutbox(
          m,
          Array.from({ length: aggregates }, (_, a) => ({
            type: 'test.happened',
            aggregateType: 'test',
            aggregateId: `agg-${a}`,
            payload: { seq },
          })),
        ),
      );
    }
  }

  /** Queued jobs in the order workers will take them (the wait list is consumed from its right end). */
  async function queuedJobs(): Promise<DomainEventJob[]> {
    const redis = new Redis(testStack().redisUrl);
    try {
      const ids = (await redis.lrange(`${prefix}:${QUEUES.domainEvents}:wait`, 0, -1)).reverse();
      const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
      return jobs.map((j) => j!.data);
    } finally {
      redis.disconnect();
    }
  }

  it('writes the state change and its event in one transaction: a rollback leaves neither', async () => {
    await sqlExecute(db, 'CREATE TABLE widgets (id text PRIMARY KEY)');
    await expect(
      db.transaction(async (m) => {
        await sqlExecute(m, `INSERT INTO widgets VALUES ('w1')`);
        await appendToOutbox(m, [{ type: 'widget.created', aggregateType: 'widget', aggregateId: 'w1', payload: {} }]);
        throw new Error('use case failed after writing');
      }),
    ).rejects.toThrow('use case failed');
    expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM widgets')).toEqual([{ n: 0 }]);
    expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM outbox_events')).toEqual([{ n: 0 }]);
    expect(await relay().relayOnce()).toBe(0);
  });

  it('refuses to append outside a transaction', async () => {
    await expect(appendToOutbox(db.manager, [{ type: 'x', aggregateType: 'x', aggregateId: 'x', payload: {} }])).rejects.toThrow(
      'inside a transaction',
    );
  });

  it.each([1, 4])(
    'three relays at once (%i partitions each at a time) publish each of 600 events exactly once, in order per aggregate',
    async (concurrency) => {
      await writeEvents(20, 30);
      const relays = [relay(concurrency), relay(concurrency), relay(concurrency)];
      let total = 0;
      for (let pass = 0; pass < 40 && total < 600; pass++) {
        total += (await Promise.all(relays.map((r) => r.relayOnce()))).reduce((a, b) => a + b, 0);
      }
      expect(total).toBe(600);
      const jobs = await queuedJobs();
      expect(jobs).toHaveLength(600);
      expect(new Set(jobs.map((j) => j.outboxId)).size).toBe(600);
      const byAggregate = new Map<string, number[]>();
      for (const job of jobs) byAggregate.set(job.aggregateId, [...(byAggregate.get(job.aggregateId) ?? []), Number(job.outboxId)]);
      expect(byAggregate.size).toBe(20);
      for (const ids of byAggregate.values()) expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const agg7 = jobs.filter((j) => j.aggregateId === 'agg-7');
      expect(agg7.map((j) => j.payload)).toEqual(Array.from({ length: 30 }, (_, seq) => ({ seq })));
      expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL')).toEqual([{ n: 0 }]);
    },
  );

  it.each(['before-publish', 'after-publish'])('a relay SIGKILLed %s loses no event and doubles none', async (point) => {
    await writeEvents(5, 8);
    const fixture = join(repoRoot(), 'dist', 'tools', 'devstack', 'src', 'fixtures', 'crashing-relay.js');
    const child = spawnSync(process.execPath, [fixture], {
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: testStack().redisUrl, QUEUE_PREFIX: prefix, CRASH_POINT: point },
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(child.signal).toBe('SIGKILL');
    expect(child.stdout).toContain('read ');
    // Nothing was marked published: the killed transaction rolled back and released its lock.
    expect(await sqlRows(db, 'SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL')).toEqual([{ n: 40 }]);
    // Killed before publishing: nothing queued. Killed after: jobs queued but rows unmarked.
    expect((await queuedJobs()).length).toBe(point === 'before-publish' ? 0 : Number(/published (\d+)/.exec(child.stdout)?.[1]));

    let published = 0;
    for (let pass = 0; pass < 5; pass++) published += await relay().relayOnce();
    expect(published).toBe(40);
    const jobs = await queuedJobs();
    expect(jobs).toHaveLength(40);
    expect(new Set(jobs.map((j) => j.outboxId)).size).toBe(40);
  });
});
