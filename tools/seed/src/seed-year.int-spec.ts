import { createHash } from 'node:crypto';
import { createDataSource, OUTBOX_PARTITIONS, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { seedYear, type SeedResult, yearShape } from './index.js';

// The seeder on the real, migrated schema with every foreign key checked: the counts of the
// shape, rows the application itself would have written (tenancy, partitions, routing), and
// plausible spreads of status and time.
describe('seedYear at scale 0.002', () => {
  let db: DataSource;
  let result: SeedResult;
  const one = async <T extends object>(sql: string) => (await sqlOne<T>(db, sql))!;

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 2);
    await db.initialize();
    result = await seedYear(db, { scale: 0.002 });
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
  });

  it('writes the counts of the shape, constraints and foreign keys checked', () => {
    const shape = yearShape(0.002);
    expect(result.rows).toMatchObject({
      platforms: shape.smallPlatforms + 1,
      client_ids: shape.clientIds,
      webhook_endpoints: shape.endpoints,
      requests: shape.requests,
      outbox_events: shape.events,
      webhook_deliveries: shape.deliveries,
      secure_payments: shape.securePayments,
      recurring_payments: shape.recurring,
      idempotency_keys: shape.idempotencyKeys,
    });
    expect(result.rows.webhook_delivery_attempts).toBeGreaterThan(shape.deliveries);
  });

  it('refuses to seed the same database twice', async () => {
    await expect(seedYear(db, { scale: 0.002 })).rejects.toThrow('seeded year already');
  });

  it('gives half the requests to the large platform and spreads them over the year, more in recent months', async () => {
    const spread = await one<{ large: number; older: number; recent: number; oldest: number }>(
      `SELECT avg((platform_id = 'seedpf000000')::int)::float8 AS large,
              avg((created_at < now() - interval '182 days')::int)::float8 AS older,
              avg((created_at > now() - interval '30 days')::int)::float8 AS recent,
              extract(day FROM now() - min(created_at))::int AS oldest FROM requests`,
    );
    expect(spread.large).toBeCloseTo(0.5, 1);
    expect(spread.oldest).toBeGreaterThan(300);
    expect(spread.older).toBeLessThan(0.5);
    expect(spread.recent).toBeGreaterThan(30 / 365);
    const statuses = await sqlRows<{ status: string }>(db, 'SELECT DISTINCT status FROM requests ORDER BY status');
    expect(statuses.map((s) => s.status)).toEqual(['fee_short', 'overpaid', 'paid', 'partial', 'pending']);
  });

  it('writes events as the outbox writer would (partition, routing) and deliveries to an endpoint of the request owner', async () => {
    const events = await sqlRows<{ aggregate_id: string; partition: number; platform: string; owner: string }>(
      db,
      `SELECT o.aggregate_id, o.partition, o.payload #>> '{_routing,platformId}' AS platform, r.platform_id AS owner
         FROM outbox_events o JOIN requests r ON r.id = o.aggregate_id ORDER BY o.id LIMIT 200`,
    );
    for (const e of events) {
      const digest = createHash('sha256').update(`request:${e.aggregate_id}`).digest();
      expect(e.partition).toBe(digest.readUInt32BE(0) % OUTBOX_PARTITIONS);
      expect(e.platform).toBe(e.owner);
    }
    const foreign = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN outbox_events o ON o.id = d.outbox_event_id
         JOIN requests r ON r.id = o.aggregate_id JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE e.client_id_id IS DISTINCT FROM r.client_id_id`,
    );
    expect(foreign.n).toBe(0);
    const pendingOld = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending' AND created_at < now() - interval '1 day'`,
    );
    expect(pendingOld.n).toBe(0);
  });
});
