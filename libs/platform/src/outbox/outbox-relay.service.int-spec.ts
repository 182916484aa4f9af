import { jest } from '@jest/globals';
import type { PublishedDomainEvent } from '@payrail/domain';
import { appendToOutbox, createDataSource, OUTBOX_CHANNEL, sqlExecute } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import type { BaseEnv } from '../config/env.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxRelayService } from './outbox-relay.service.js';

// The relay service on real Postgres: LISTEN/NOTIFY names the partitions to relay; the search of
// every partition (the safety sweep) runs at start, on a notification naming none, and every 10 polls.
describe('outbox relay service (real Postgres, LISTEN/NOTIFY)', () => {
  let db: DataSource;
  let service: OutboxRelayService;
  const published: PublishedDomainEvent[] = [];
  let waiter: { count: number; resolve: () => void } | undefined;
  const sweeps = jest.spyOn(OutboxRelay.prototype, 'busyPartitions');

  const until = (count: number) =>
    new Promise<void>((resolve) => {
      waiter = { count, resolve };
      if (published.length >= count) resolve();
    });
  const append = (aggregateId: string) =>
    db.transaction((m) => appendToOutbox(m, [{ type: 'test.happened', aggregateType: 'test', aggregateId, payload: {} }]));

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 6);
    await db.initialize();
    const publisher = {
      publish: (events: PublishedDomainEvent[]) => {
        published.push(...events);
        if (waiter && published.length >= waiter.count) waiter.resolve();
        return Promise.resolve();
      },
    };
    // A poll of 30 s: the sweep every 10 polls is 5 minutes away; only notifications can relay within the test.
    service = new OutboxRelayService(db, publisher, { pollIntervalMs: 30_000, batchSize: 50 }, { DATABASE_URL: databaseUrl } as BaseEnv);
    await service.onApplicationBootstrap();
    await until(0);
  }, 60000);

  afterAll(async () => {
    await service.beforeApplicationShutdown();
    await db.destroy();
  });

  it('relays the partitions a notification names, with no search of every partition', async () => {
    // The start's sweep has run (or runs now, owed since the listener connected): wait for it to be the only one.
    for (let i = 0; i < 100 && sweeps.mock.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const sweptBefore = sweeps.mock.calls.length;
    await append('agg-1');
    await append('agg-2');
    await until(2);
    expect(published.map((e) => e.aggregateId)).toEqual(['agg-1', 'agg-2']);
    expect(sweeps.mock.calls.length).toBe(sweptBefore);
  }, 60000);

  it('searches every partition when a notification names none (a writer of an older release)', async () => {
    const sweptBefore = sweeps.mock.calls.length;
    // An older writer's append: the row, then an empty notification, in one transaction.
    await db.transaction(async (m) => {
      await sqlExecute(
        m,
        `INSERT INTO outbox_events (event_type, aggregate_type, aggregate_id, partition, payload) VALUES ('test.happened', 'test', 'agg-old', 5, '{}')`,
      );
      await sqlExecute(m, `SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
    });
    await until(3);
    expect(published[2].aggregateId).toBe('agg-old');
    expect(sweeps.mock.calls.length).toBe(sweptBefore + 1);
  }, 60000);
});
