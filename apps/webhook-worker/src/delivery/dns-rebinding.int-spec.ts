import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { FanOutWatcher, lastOutboxId } from '@payrail/test-support/webhook-worker/domain-event-watcher.js';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { DeliveryJobWatcher } from '@payrail/test-support/webhook-worker/queue-events.js';
import { startWorkerInProcess } from '@payrail/test-support/webhook-worker/worker.js';

// PAYRAIL_ENV=production: a registered host name that now resolves to a private address
// (DNS rebinding) is refused at delivery, before any connection.
describe('production delivery re-checks the resolved address (real Postgres, Redis, BullMQ)', () => {
  let db: DataSource;
  let worker: INestApplication;
  let jobs: DeliveryJobWatcher;
  let fanOuts: FanOutWatcher;
  const resolved: string[] = [];

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const prefix = uniqueName('whp');
    const keys = `prod1:${randomBytes(32).toString('base64')}`;
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    jobs = await DeliveryJobWatcher.start(testStack().redisUrl, prefix);
    const env = appEnv(databaseUrl, prefix, {
      LOG_LEVEL: 'silent',
      PAYRAIL_ENV: 'production',
      WEBHOOK_ENCRYPTION_KEYS: keys,
      OUTBOX_POLL_INTERVAL_MS: '20',
    });
    worker = await startWorkerInProcess(env, (hostname) => {
      resolved.push(hostname);
      return Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    });
    fanOuts = FanOutWatcher.attach(worker);
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    const endpoint = await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, 'https://hooks.merchant.example/payrail', {
      keys,
    });
    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    expect((await fanOuts.result(await lastOutboxId(db))).kind).toBe('queued');
    const [delivery] = await sqlRows<{ id: string }>(db, 'SELECT id FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]);
    await jobs.retryScheduled(delivery.id);
  }, 60000);

  afterAll(async () => {
    await worker.close();
    await jobs.close();
    await db.destroy();
  });

  it('records the attempt as refused by the URL policy, without connecting, and schedules the retry (DNS may change back)', async () => {
    const attempts = await sqlRows<{ status_code: number | null; error: string; retry_count: number }>(
      db,
      'SELECT status_code, error, retry_count FROM webhook_delivery_attempts ORDER BY id',
    );
    expect(attempts).toEqual([
      {
        status_code: null,
        retry_count: 0,
        error: 'refused by the URL policy: hooks.merchant.example resolves to a non-public address (127.0.0.1)',
      },
    ]);
    expect(resolved).toEqual(['hooks.merchant.example']);
    expect(await sqlRows(db, 'SELECT status, attempt_count FROM webhook_deliveries')).toEqual([{ status: 'pending', attempt_count: 1 }]);
  });
});
