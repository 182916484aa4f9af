import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { AppHandle } from '@payrail/devstack';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

// A batch job (issue #24) whose worker is killed with SIGKILL while one of its deliveries waits on
// a receiver that never answers: the built worker as a real process, killed and started again.
describe('a webhook worker killed with SIGKILL in the middle of a batch job (built, real processes)', () => {
  let worker: AppHandle | undefined;
  let db: DataSource;
  const receivers: TestReceiver[] = [];

  afterAll(async () => {
    await worker?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await db.destroy();
  });

  it('sends the unrecorded delivery again with the same delivery id and retry count 0, and none of its recorded siblings', async () => {
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    // A short job lock so the dead worker's batch job comes back within seconds (default 30 s).
    const env = appEnv(databaseUrl, uniqueName('whbk'), { LOG_LEVEL: 'warn', OUTBOX_POLL_INTERVAL_MS: '20', WEBHOOK_JOB_LOCK_MS: '2000' });
    const ok = await TestReceiver.start();
    const alsoOk = await TestReceiver.start();
    const hangsFirst = await TestReceiver.start((_req, i) => (i === 0 ? 'hang' : { status: 200 }));
    receivers.push(ok, alsoOk, hangsFirst);
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    const endpointOf = new Map<TestReceiver, string>();
    for (const r of receivers) endpointOf.set(r, (await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, r.url())).id);
    const statusOf = async (r: TestReceiver) =>
      (
        await sqlRows<{ status: string; attempt_count: number }>(
          db,
          'SELECT status, attempt_count FROM webhook_deliveries WHERE endpoint_id = $1',
          [endpointOf.get(r)],
        )
      )[0];

    worker = await startTestApp('webhook-worker', env);
    await emit(db, [paymentConfirmed({ platformId }, { clientId: client.clientId })]);
    await Promise.all([ok.waitFor(1), alsoOk.waitFor(1), hangsFirst.waitFor(1)]);
    // The two answered siblings are recorded while the third still waits for its answer.
    for (let waited = 0; (await statusOf(ok)).status !== 'succeeded' || (await statusOf(alsoOk)).status !== 'succeeded'; waited += 50) {
      if (waited > 10000) throw new Error('the answered siblings were not recorded within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statusOf(hangsFirst)).toEqual({ status: 'pending', attempt_count: 0 });
    expect(await worker.kill()).toBe('SIGKILL');

    worker = await startTestApp('webhook-worker', env);
    const [first, again] = await hangsFirst.waitFor(2, 30000);
    expect(again.headers['x-service-delivery']).toBe(first.headers['x-service-delivery']);
    expect(again.headers['x-service-retry-count']).toBe('0');
    expect(again.body).toBe(first.body);
    for (let waited = 0; (await statusOf(hangsFirst)).status !== 'succeeded'; waited += 50) {
      if (waited > 10000) throw new Error('the re-sent delivery was not recorded within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Give a wrongly re-run sibling time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ok.received).toHaveLength(1);
    expect(alsoOk.received).toHaveLength(1);
    expect(await statusOf(ok)).toEqual({ status: 'succeeded', attempt_count: 1 });
    expect(await statusOf(alsoOk)).toEqual({ status: 'succeeded', attempt_count: 1 });
    expect(await statusOf(hangsFirst)).toEqual({ status: 'succeeded', attempt_count: 1 });
  }, 90000);
});
