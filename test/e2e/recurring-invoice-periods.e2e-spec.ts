import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { waitFor } from '@payrail/devstack';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { CLOCK } from '@payrail/platform';
import { ManualClock, startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { jsonCall } from '@payrail/test-support/json-call.js';
import type { DataSource } from 'typeorm';
import { PaymentsApiModule } from '../../apps/payments-api/src/app.module.js';
import { ChainWorkerModule } from '../../apps/chain-worker/src/app.module.js';
import { PeriodIssuer } from '../../apps/chain-worker/src/invoices/period-issuer.service.js';

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const at = (iso: string) => Date.parse(iso);

/** Moves the clock forward to `time` (the tests only ever move it forward). */
function moveTo(clock: ManualClock, time: number): void {
  if (time < clock.now()) throw new Error('the clock only moves forward');
  clock.advance(time - clock.now());
}

// Recurring invoices created through the real payments-api, their periods issued by two real
// chain-worker replicas on one Postgres; every process reads time from one ManualClock.
describe('recurring invoices: a request per period, from the period start, until stopped', () => {
  const clock = new ManualClock(at('2030-01-01T00:00:00Z'));
  let databaseUrl: string;
  let db: DataSource;
  let api: InProcessApi;
  let apiKey: string;
  const workers: INestApplicationContext[] = [];

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(databaseUrl, uniqueName('rin'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100' })),
      { clock },
    );
    apiKey = (await createTenant(api.app)).apiKey.apiKey;
    const env = appEnv(databaseUrl, uniqueName('rinw'), {
      LOG_LEVEL: 'silent',
      DETECTION_ENABLED: 'false',
      RECURRING_ENABLED: 'false',
      RECURRING_INVOICES_INTERVAL_MS: '3600000', // passes run when the test wakes them or calls issueDue
    });
    for (let i = 0; i < 2; i++) {
      const ref = await Test.createTestingModule({ imports: [ChainWorkerModule.forRoot(env)] })
        .overrideProvider(CLOCK)
        .useValue(clock)
        .compile();
      workers.push(await ref.init());
    }
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 90000);
  afterAll(async () => {
    for (const w of workers) await w.close();
    await api?.close();
    await db?.destroy();
  });

  const call = <T = Record<string, unknown>>(method: string, path: string, body?: object) =>
    jsonCall<T>(`${api.url}${path}`, method, { 'x-api-key': apiKey }, body);
  const create = async (recurrence: { startDate: string; frequency: string }) => {
    const res = await call<{ requestId: string; paymentReference: string }>('POST', '/v2/request', {
      payee: PAYEE,
      amount: '99.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      reference: 'SUB-1',
      customerInfo: { email: 'ada@example.com' },
      recurrence,
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const periodsOf = (rootId: string) =>
    sqlRows<{ id: string; recurrence_period: number; payment_reference: string }>(
      db,
      'SELECT id, recurrence_period, payment_reference FROM requests WHERE original_request_id = $1 AND recurrence_period > 0 ORDER BY recurrence_period',
      [rootId],
    );
  const eventsOf = (rootId: string) =>
    sqlRows<{ aggregate_id: string; payload: Record<string, unknown> }>(
      db,
      `SELECT aggregate_id, payload FROM outbox_events WHERE event_type = 'request.recurring' AND payload->>'originalRequestId' = $1 ORDER BY id`,
      [rootId],
    );
  const nextOf = async (rootId: string) =>
    (await sqlOne<{ next_period_at: Date | null }>(db, 'SELECT next_period_at FROM requests WHERE id = $1', [rootId]))?.next_period_at ??
    null;
  const issueOn = (i: number) => workers[i].get(PeriodIssuer).issueDue();

  it('issues period 1 when it starts (calendar months from Jan 31: Feb 28), with request.recurring in the outbox', async () => {
    const root = await create({ startDate: '2030-01-31', frequency: 'MONTHLY' });
    expect(await nextOf(root.requestId)).toEqual(new Date('2030-02-28T00:00:00Z'));
    moveTo(clock, at('2030-02-27T23:59:59Z'));
    expect(await issueOn(0)).toBe(0);
    expect(await periodsOf(root.requestId)).toEqual([]);

    moveTo(clock, at('2030-02-28T00:00:00Z'));
    workers[1].get(PeriodIssuer).wake(); // the loop's own pass
    const [period] = await waitFor(
      'period 1',
      async () => ((await periodsOf(root.requestId)).length === 1 ? periodsOf(root.requestId) : undefined),
      10000,
    );
    expect(period.recurrence_period).toBe(1);
    expect(await nextOf(root.requestId)).toEqual(new Date('2030-03-31T00:00:00Z'));

    const record = await call('GET', `/v2/request/${period.id}`);
    expect(record.body).toMatchObject({
      requestId: period.id,
      paymentReference: period.payment_reference,
      status: 'pending',
      expectedAmount: '99.5',
      payee: PAYEE,
      reference: 'SUB-1',
      customerInfo: { email: 'ada@example.com' },
      originalRequestId: root.requestId,
      originalRequestPaymentReference: root.paymentReference,
      recurrence: { startDate: '2030-01-31T00:00:00.000Z', frequency: 'MONTHLY' },
      isRecurrenceStopped: false,
    });
    expect(period.payment_reference).not.toBe(root.paymentReference);
    const [event] = await eventsOf(root.requestId);
    expect(event.aggregate_id).toBe(period.id);
    expect(event.payload).toMatchObject({
      event: 'request.recurring',
      requestId: period.id,
      requestID: period.id,
      paymentReference: period.payment_reference,
      originalRequestId: root.requestId,
      originalRequestPaymentReference: root.paymentReference,
      timestamp: '2030-02-28T00:00:00.000Z',
      period: 1,
      periodStart: '2030-02-28T00:00:00.000Z',
      recurrence: { startDate: '2030-01-31T00:00:00.000Z', frequency: 'MONTHLY' },
    });
  });

  it('with two replicas at once, issues each missed period exactly once, in order', async () => {
    const root = await create({ startDate: '2030-03-01T12:00:00Z', frequency: 'WEEKLY' });
    moveTo(clock, at('2030-04-12T12:00:00Z')); // periods 1..6 have started (Mar 8 ... Apr 12)
    const allEvents = async () =>
      (await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM outbox_events WHERE event_type = 'request.recurring'`))!.n;
    const before = await allEvents();
    const [a, b] = await Promise.all([issueOn(0), issueOn(1)]);
    expect(a + b).toBe((await allEvents()) - before); // this series' 6 periods, and the first test's March period
    expect((await periodsOf(root.requestId)).map((p) => p.recurrence_period)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await eventsOf(root.requestId)).map((e) => e.payload.periodStart)).toEqual(
      ['03-08', '03-15', '03-22', '03-29', '04-05', '04-12'].map((d) => `2030-${d}T12:00:00.000Z`),
    );
    expect(await Promise.all([issueOn(0), issueOn(1)])).toEqual([0, 0]);
    expect(await nextOf(root.requestId)).toEqual(new Date('2030-04-19T12:00:00Z'));
  });

  it('a stopped series issues no further period (PATCH on any of its requests); resuming skips the periods missed meanwhile', async () => {
    const root = await create({ startDate: '2030-04-13', frequency: 'DAILY' });
    moveTo(clock, at('2030-04-14T00:00:00Z'));
    await issueOn(0);
    const [period1] = await periodsOf(root.requestId);
    const stopped = await call('PATCH', `/v2/request/${period1.id}`, { isRecurrenceStopped: true });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ requestId: period1.id, isRecurrenceStopped: true });
    expect((await call('GET', `/v2/request/${root.requestId}`)).body).toMatchObject({ isRecurrenceStopped: true });
    expect(await nextOf(root.requestId)).toBeNull();

    moveTo(clock, at('2030-04-22T06:00:00Z'));
    await issueOn(0);
    expect(await eventsOf(root.requestId)).toHaveLength(1);

    const resumed = await call('PATCH', `/v2/request/${root.requestId}`, { isRecurrenceStopped: false });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ isRecurrenceStopped: false });
    expect(await nextOf(root.requestId)).toEqual(new Date('2030-04-23T00:00:00Z'));
    await issueOn(1);
    expect(await eventsOf(root.requestId)).toHaveLength(1);
    moveTo(clock, at('2030-04-23T00:00:00Z'));
    await issueOn(1);
    expect((await periodsOf(root.requestId)).map((p) => p.recurrence_period)).toEqual([1, 10]);
  });
});
