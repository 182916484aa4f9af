import { createDataSource, sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import { validateEnv } from '@payrail/platform';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import { RetentionJob } from './retention-job.js';

// The retention job on real Postgres: 90 days by default, batches of EVENT_RETENTION_BATCH_SIZE.
describe('event retention job', () => {
  let db: DataSource;
  let job: RetentionJob;
  let endpointId: string;
  const env = (extra: Record<string, string>) => validateEnv(WebhookWorkerEnv, appEnv('postgres://unused', uniqueName('ret'), extra));

  const count = async (table: string) => (await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${table}`))!.n;
  /** `n` events, each with one delivery of `status` and two attempts, all `ageDays` old. */
  const seed = async (platformId: string, clientId: string, n: number, ageDays: number, status = 'succeeded') => {
    await emit(
      db,
      Array.from({ length: n }, () => paymentConfirmed({ platformId }, { clientId })),
    );
    const ids = await sqlRows<{ id: string }>(db, 'SELECT id::text FROM outbox_events o WHERE published_at IS NULL ORDER BY o.id');
    await sqlExecute(
      db,
      `UPDATE outbox_events SET published_at = now(), created_at = now() - make_interval(days => $1) WHERE published_at IS NULL`,
      [ageDays],
    );
    for (const { id } of ids) {
      const deliveryId = ulid();
      await sqlExecute(
        db,
        `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, attempt_count, created_at, completed_at)
         VALUES ($1, $2, $3, 'payment.confirmed', '{}', $4, 2, now() - make_interval(days => $5), CASE WHEN $4 = 'pending' THEN NULL ELSE now() - make_interval(days => $5) END)`,
        [deliveryId, endpointId, id, status, ageDays],
      );
      await sqlExecute(
        db,
        `INSERT INTO webhook_delivery_attempts (delivery_id, round, retry_count, started_at, duration_ms, succeeded)
         SELECT $1, 0, r, now() - make_interval(days => $2), 5, false FROM generate_series(0, 1) r`,
        [deliveryId, ageDays],
      );
    }
  };

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 4);
    await db.initialize();
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    endpointId = (await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, 'https://shop.example/hook')).id;
    await seed(platformId, client.clientId, 25, 91); // expired
    await seed(platformId, client.clientId, 1, 91, 'pending'); // expired but still owed: kept
    await seed(platformId, client.clientId, 5, 89); // within the retention
    // An old event not yet relayed: kept whatever its age.
    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    await sqlExecute(db, `UPDATE outbox_events SET created_at = now() - interval '200 days' WHERE published_at IS NULL`);
    job = new RetentionJob(db, env({ EVENT_RETENTION_BATCH_SIZE: '10' }));
  }, 60000);

  afterAll(async () => {
    await db?.destroy();
  });

  it('runs nowhere while another replica holds the retention lock', async () => {
    const holder = db.createQueryRunner();
    try {
      await sqlExecute(holder.manager, `SELECT pg_advisory_lock(x'50525254'::int, $1::int)`, [
        // the job's key: sha256("event-retention"), first 4 bytes as int32
        Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('event-retention'))).readInt32BE(0),
      ]);
      expect(await job.runPass()).toEqual({ ran: false });
      expect(await count('outbox_events')).toBe(32);
    } finally {
      // A session lock outlives release() (the connection goes back to the pool): give it up first.
      await sqlExecute(holder.manager, 'SELECT pg_advisory_unlock_all()');
      await holder.release();
    }
  });

  it('deletes only rows past the retention, in batches, skipping a row another transaction holds instead of waiting', async () => {
    const oldest = (await sqlOne<{ id: string }>(db, `SELECT min(id)::text AS id FROM outbox_events`))!.id;
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await sqlExecute(runner.manager, 'SELECT id FROM outbox_events WHERE id = $1 FOR UPDATE', [oldest]);
    const started = Date.now();
    const pass = await job.runPass();
    expect(Date.now() - started).toBeLessThan(5000);
    await runner.rollbackTransaction();
    await runner.release();
    // 25 expired deliveries x 2 attempts = 50 attempts (5 full batches of 10, then an empty one); 26 old events, one locked.
    expect(pass).toEqual({ ran: true, deleted: { attempts: 50, deliveries: 25, events: 25 }, batches: 6 + 3 + 3 });
    expect(await sqlRows(db, `SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`)).toEqual([
      { status: 'pending', n: 1 },
      { status: 'succeeded', n: 5 },
    ]);
    expect(await count('webhook_delivery_attempts')).toBe(12);
    // Kept: the locked one, the 5 recent ones and the unrelayed one (the pending delivery keeps its own body, not its event).
    expect(await count('outbox_events')).toBe(1 + 5 + 1);
    // The next pass takes the row that was locked.
    expect(await job.runPass()).toMatchObject({ ran: true, deleted: { attempts: 0, deliveries: 0, events: 1 } });
  });

  it('keeps everything with a retention longer than the rows are old', async () => {
    const long = new RetentionJob(db, env({ EVENT_RETENTION_DAYS: '365' }));
    const before = await count('outbox_events');
    expect(await long.runPass()).toEqual({ ran: true, deleted: { attempts: 0, deliveries: 0, events: 0 }, batches: 3 });
    expect(await count('outbox_events')).toBe(before);
  });

  it('validates EVENT_RETENTION_DAYS (1-3650) at boot', () => {
    expect(env({}).EVENT_RETENTION_DAYS).toBe(90);
    expect(() => env({ EVENT_RETENTION_DAYS: '0' })).toThrow('EVENT_RETENTION_DAYS');
    expect(() => env({ EVENT_RETENTION_DAYS: 'ninety' })).toThrow('EVENT_RETENTION_DAYS');
  });
});
