import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { newUlid } from '@payrail/domain';
import { SecurePaymentsRepository, sqlExecute, sqlRows } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { waitFor } from '@payrail/devstack';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { ChainWorkerModule } from '../app.module.js';
import { ExpirySweeper } from './expiry-sweeper.service.js';

// The sweeper of two chain-worker replicas on one real Postgres.
describe('secure payment expiry sweeper', () => {
  let databaseUrl: string;
  let platformId: string;
  const workers: INestApplicationContext[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });

  async function startWorkers(intervalMs: number, batchSize: number): Promise<[INestApplicationContext, INestApplicationContext]> {
    const env = appEnv(databaseUrl, uniqueName('exp'), {
      LOG_LEVEL: 'silent',
      DETECTION_ENABLED: 'false',
      RECURRING_ENABLED: 'false',
      EXPIRY_SWEEP_INTERVAL_MS: String(intervalMs),
      EXPIRY_SWEEP_BATCH_SIZE: String(batchSize),
    });
    const pair = await Promise.all(
      [0, 1].map(() => NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false })),
    );
    workers.push(...pair);
    if (!platformId) {
      platformId = newUlid();
      await sqlExecute(pair[0].get(DataSource), 'INSERT INTO platforms (id, name) VALUES ($1, $2)', [platformId, 'Expiry test']);
    }
    return [pair[0], pair[1]];
  }

  /** A secure payment row as creation writes it (SecurePaymentsRepository.insert), open until `expiresAt`. */
  async function insertPayment(
    db: DataSource,
    expiresAt: Date,
    extra: { paymentType?: 'single' | 'multicall'; parentToken?: string } = {},
  ) {
    const token = newUlid();
    await new SecurePaymentsRepository(db.manager).insert({
      token,
      paymentType: extra.paymentType ?? 'single',
      platformId,
      clientIdId: null,
      orchestratorId: null,
      parentToken: extra.parentToken ?? null,
      requestIds: ['01' + token.toLowerCase().padEnd(64, '0')],
      redirectUrl: null,
      redirectLabel: null,
      branding: null,
      reference: null,
      accessPolicy: { allowedPayerAddresses: [], screening: 'off', hidePayeeAddress: false },
      expiresAt,
    });
    return token;
  }

  const statusEvents = async (db: DataSource, tokens: string[]) =>
    sqlRows<{ aggregate_id: string; payload: { from: string; to: string; reason: string } }>(
      db,
      `SELECT aggregate_id, payload FROM outbox_events WHERE event_type = 'secure_payment.status_changed' AND aggregate_id = ANY($1) ORDER BY id`,
      [tokens],
    );
  const statuses = async (db: DataSource, tokens: string[]) =>
    Object.fromEntries(
      (
        await sqlRows<{ token: string; status: string }>(db, 'SELECT token, status FROM secure_payments WHERE token = ANY($1)', [tokens])
      ).map((r) => [r.token, r.status]),
    );

  it('flips single and multicall payments to expired once their short expiry passes, with exactly one event each, two sweepers running', async () => {
    const [a] = await startWorkers(100, 2);
    const db = a.get(DataSource);
    const soon = new Date(Date.now() + 2000);
    const singles = await Promise.all([0, 1, 2, 3, 4].map(() => insertPayment(db, soon)));
    const parent = await insertPayment(db, soon, { paymentType: 'multicall' });
    const children = await Promise.all([0, 1].map(() => insertPayment(db, soon, { parentToken: parent })));
    await sqlExecute(db, `UPDATE secure_payments SET status = 'partially_settled' WHERE token = $1`, [parent]);
    const later = await insertPayment(db, new Date(Date.now() + 3_600_000));
    const invalidated = await insertPayment(db, soon);
    await sqlExecute(db, `UPDATE secure_payments SET status = 'invalidated' WHERE token = $1`, [invalidated]);
    const due = [...singles, parent, ...children];

    expect(Object.values(await statuses(db, due)).filter((s) => s === 'expired')).toEqual([]);
    await waitFor('every due payment expired', async () =>
      Object.values(await statuses(db, due)).every((s) => s === 'expired') ? true : undefined,
    );
    const events = await statusEvents(db, [...due, later, invalidated]);
    expect(events.map((e) => e.aggregate_id).sort()).toEqual([...due].sort());
    for (const event of events) {
      const from = event.aggregate_id === parent ? 'partially_settled' : 'pending';
      expect(event.payload).toMatchObject({ from, to: 'expired', reason: 'expired' });
    }
    expect(await statuses(db, [later, invalidated])).toEqual({ [later]: 'pending', [invalidated]: 'invalidated' });
  });

  it('claims disjoint rows when two replicas sweep at the same moment: the passes expire each payment once in total', async () => {
    const [a, b] = await startWorkers(600_000, 3); // the loops sleep after their first pass; the test drives the passes
    const db = a.get(DataSource);
    const past = new Date(Date.now() - 1000);
    const due = await Promise.all(Array.from({ length: 30 }, () => insertPayment(db, past)));
    const counts = await Promise.all([a, b, a, b].map((w) => w.get(ExpirySweeper).sweep()));
    // Each payment expired once: one event each. The counts can miss a few only when a loop's
    // first pass (started at bootstrap, on a loaded machine late enough) took them; never more.
    const swept = counts.reduce((x, y) => x + y, 0);
    expect(swept).toBeLessThanOrEqual(30);
    expect(swept).toBeGreaterThan(0);
    expect((await statusEvents(db, due)).length).toBe(30);
    expect(new Set((await statusEvents(db, due)).map((e) => e.aggregate_id)).size).toBe(30);
    expect(await Promise.all([a, b].map((w) => w.get(ExpirySweeper).sweep()))).toEqual([0, 0]);
  });
});
