import type { DataSource, QueryRunner } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { createDataSource } from '../data-source.js';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';
import { DashboardListIndexes1763886200000 } from './1763886200000-dashboard-list-indexes.js';
import { DashboardListIndexes21763886300000 } from './1763886300000-dashboard-list-indexes-2.js';
import { ScaleIndexes1763886524000 } from './1763886524000-scale-indexes.js';

// Index migrations on the big live tables build CONCURRENTLY: a plain CREATE INDEX queues a SHARE
// lock behind any open writer, and every write that arrives after it then waits behind that queue
// (the whole API stalls for as long as the slowest open transaction plus the build).
describe('index migrations on live tables never block writes', () => {
  let db: DataSource;
  const runners: QueryRunner[] = [];
  const runner = async () => {
    const r = db.createQueryRunner();
    await r.connect();
    runners.push(r);
    return r;
  };

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 5);
    await db.initialize();
  });
  afterAll(async () => {
    for (const r of runners) await r.release();
    await db?.destroy();
  });

  it('declares each of them outside a transaction (Postgres refuses CONCURRENTLY inside one)', () => {
    for (const m of [new DashboardListIndexes1763886200000(), new DashboardListIndexes21763886300000(), new ScaleIndexes1763886524000()])
      expect(m.transaction).toBe(false);
  });

  it('lets a write through while the scale indexes wait for an older open writer, and leaves every index valid', async () => {
    const migration = new ScaleIndexes1763886524000();
    const migrating = await runner();
    await migration.down(migrating);

    const olderWriter = await runner();
    await olderWriter.startTransaction();
    await sqlExecute(olderWriter.manager, 'LOCK TABLE requests IN ROW EXCLUSIVE MODE');
    const building = migration.up(migrating);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the build now waits for the older writer

    const newWriter = await runner();
    await newWriter.startTransaction();
    await sqlExecute(newWriter.manager, "SET LOCAL lock_timeout = '2s'");
    // With a plain CREATE INDEX this waits behind the queued SHARE lock and fails after 2 s.
    await expect(sqlExecute(newWriter.manager, 'LOCK TABLE requests IN ROW EXCLUSIVE MODE')).resolves.toBeDefined();
    await newWriter.commitTransaction();

    await olderWriter.commitTransaction();
    await building;
    const invalid = await sqlRows<{ name: string }>(
      db,
      `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE NOT i.indisvalid`,
    );
    expect(invalid).toEqual([]);
    const built = await sqlRows<{ name: string }>(db, `SELECT indexname AS name FROM pg_indexes WHERE indexname = ANY($1) ORDER BY 1`, [
      ['payment_intents_processed', 'payment_transfers_from', 'requests_platform_payment_reference', 'requests_platform_reference'],
    ]);
    expect(built.map((r) => r.name)).toEqual([
      'payment_intents_processed',
      'payment_transfers_from',
      'requests_platform_payment_reference',
      'requests_platform_reference',
    ]);
  });

  it('runs again after a build that failed half way (an INVALID index left behind is rebuilt)', async () => {
    const migration = new ScaleIndexes1763886524000();
    const q = await runner();
    await migration.down(q);
    // What a cancelled concurrent build leaves: an index of that name marked invalid.
    await sqlExecute(q.manager, 'CREATE INDEX requests_platform_payment_reference ON requests (platform_id)');
    await sqlExecute(
      q.manager,
      `UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'requests_platform_payment_reference'::regclass`,
    );
    await migration.up(q);
    const [index] = await sqlRows<{ valid: boolean; definition: string }>(
      db,
      `SELECT i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i WHERE i.indexrelid = 'requests_platform_payment_reference'::regclass`,
    );
    expect(index).toEqual({ valid: true, definition: expect.stringContaining('(platform_id, payment_reference)') as string });
  });
});
