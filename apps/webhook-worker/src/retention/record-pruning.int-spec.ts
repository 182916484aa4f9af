import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { validateEnv } from '@payrail/platform';
import type { DataSource } from 'typeorm';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { seedYear } from '../../../../tools/seed/src/index.js';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { RecordPruningJob } from './record-pruning-job.js';
import { jobLockKey } from './session-lock.js';

// The record pruning job on real Postgres: expired idempotency keys and old processed payment
// intents go, in batches; live keys, recent or unprocessed intents stay; a held row is skipped.
describe('record pruning job', () => {
  let db: DataSource;
  const env = (extra: Record<string, string>) => validateEnv(WebhookWorkerEnv, appEnv('postgres://unused', uniqueName('prune'), extra));
  const count = async (sql: string) => (await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${sql}`))!.n;
  /** `n` intents of one seeded secure payment, processed `processedDaysAgo` ago (null: not processed). */
  const intents = async (n: number, processedDaysAgo: number | null, tag: string) =>
    sqlExecute(
      db,
      `INSERT INTO payment_intents (id, platform_id, secure_payment_token, network, tx_hash, reference_topics, outcome, processed_at, created_at)
       SELECT $1 || i, s.platform_id, s.token, 'sepolia', '0x' || md5($1 || i), ARRAY['0x' || md5('t')],
              CASE WHEN $2::int IS NOT NULL THEN 'matched' END, now() - make_interval(days => $2::int), now() - interval '200 days'
         FROM generate_series(1, $3::int) i, (SELECT platform_id, token FROM secure_payments ORDER BY token LIMIT 1) s`,
      [tag, processedDaysAgo, n],
    );

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 4);
    await db.initialize();
    // 10 idempotency keys: every fifth is live (expires within 24 h), the other 8 expired.
    await seedYear(db, { scale: 0.0001 });
    await sqlExecute(db, 'DELETE FROM payment_intents'); // the seeded ones: these tests write their own
    await intents(15, 40, 'old');
    await intents(2, 10, 'recent');
    await intents(1, null, 'open');
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
  });

  it('runs nowhere while another replica holds the pruning lock', async () => {
    const holder = db.createQueryRunner();
    try {
      await sqlExecute(holder.manager, 'SELECT pg_advisory_lock($1::int, $2::int)', [...jobLockKey('record-pruning')]);
      expect(await new RecordPruningJob(db, env({})).runPass()).toEqual({ ran: false });
      expect(await count('idempotency_keys')).toBe(10);
    } finally {
      await sqlExecute(holder.manager, 'SELECT pg_advisory_unlock_all()');
      await holder.release();
    }
  });

  it('deletes expired keys and intents processed past the retention, in batches, skipping a row another transaction holds', async () => {
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await sqlExecute(runner.manager, `SELECT 1 FROM payment_intents WHERE id = 'old1' FOR UPDATE`);
    const started = Date.now();
    const pass = await new RecordPruningJob(db, env({ RECORD_PRUNING_BATCH_SIZE: '10', PAYMENT_INTENT_RETENTION_DAYS: '30' })).runPass();
    expect(Date.now() - started).toBeLessThan(5000);
    await runner.rollbackTransaction();
    await runner.release();
    // 8 expired keys (one batch short of 10); 14 old intents unlocked: a full batch of 10, then 4.
    expect(pass).toEqual({ ran: true, deleted: { 'idempotency-keys': 8, 'payment-intents': 14 }, batches: 1 + 2 });
    expect(await count(`idempotency_keys WHERE expires_at > now()`)).toBe(2);
    expect(await count('idempotency_keys')).toBe(2);
    expect((await sqlOne<{ ids: string }>(db, `SELECT string_agg(id, ',' ORDER BY id) AS ids FROM payment_intents`))!.ids).toBe(
      'old1,open1,recent1,recent2',
    );
  });

  it('keeps processed intents younger than PAYMENT_INTENT_RETENTION_DAYS', async () => {
    const pass = await new RecordPruningJob(db, env({ PAYMENT_INTENT_RETENTION_DAYS: '365' })).runPass();
    expect(pass).toEqual({ ran: true, deleted: { 'idempotency-keys': 0, 'payment-intents': 0 }, batches: 2 });
    expect(await count('payment_intents')).toBe(4);
  });

  it('validates its schedule and retention at boot (defaults: hourly, 1000 rows, 30 days)', () => {
    expect(env({})).toMatchObject({
      RECORD_PRUNING_INTERVAL_MS: 3_600_000,
      RECORD_PRUNING_BATCH_SIZE: 1000,
      PAYMENT_INTENT_RETENTION_DAYS: 30,
    });
    expect(() => env({ PAYMENT_INTENT_RETENTION_DAYS: '0' })).toThrow('PAYMENT_INTENT_RETENTION_DAYS');
    expect(() => env({ RECORD_PRUNING_BATCH_SIZE: '5' })).toThrow('RECORD_PRUNING_BATCH_SIZE');
  });
});
