import { randomBytes } from 'node:crypto';
import { sqlExecute, sqlOne } from '@payrail/persistence';
import { Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { startInProcessApi } from '@payrail/test-support/in-process.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { PaymentsApiModule } from '../app.module.js';

interface Clock {
  id: string;
  frozenTime: string;
  status: string;
  targetTime: string | null;
  recurringPaymentIds: string[];
  deletesAfter: string;
  createdAt: string;
}
interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: { field: string; message: string }[];
}

const DAY = 86_400_000;
const START = '2027-01-01T00:00:00.000Z';
const at = (days: number) => new Date(Date.parse(START) + days * DAY).toISOString();
const key = () => `k1:${randomBytes(32).toString('base64')}`;

// payments-api in process, no chain-worker: an advance stays `advancing`, which is what the 409 needs.
describe('test clocks over HTTP (create, read, advance rules, dry run, attach, delete, refused in production)', () => {
  let p: PayoutsApi;
  let db: DataSource;

  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
  });
  afterAll(() => p?.close());

  const createClock = () => p.call<Clock>('POST', '/v2/test-clocks', { frozenTime: '2027-01-01T00:00:00Z' });
  async function attachedSchedule(clockId: string, frequency = 'MONTHLY') {
    const res = await p.call<{ id: string } & ErrorBody>('POST', '/v2/payouts', {
      payee: Wallet.createRandom().address,
      amount: '5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: '2027-01-01', frequency, totalPayments: 12, payer: Wallet.createRandom().address, testClockId: clockId },
    });
    return res;
  }

  it('creates a clock (201) and reads it back; another platform cannot see it (404)', async () => {
    const created = await createClock();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ frozenTime: START, status: 'ready', targetTime: null, recurringPaymentIds: [] });
    expect(Date.parse(created.body.deletesAfter) - Date.parse(created.body.createdAt)).toBe(7 * DAY);
    const read = await p.call<Clock>('GET', `/v2/test-clocks/${created.body.id}`);
    expect(read).toMatchObject({ status: 200, body: created.body });
    const other = await createTenant(p.api.app);
    const foreign = await p.call<ErrorBody>('GET', `/v2/test-clocks/${created.body.id}`, undefined, { 'x-api-key': other.apiKey.apiKey });
    expect(foreign.body).toEqual({ statusCode: 404, message: 'Test clock not found', error: 'Not Found' });
    const bad = await p.call<ErrorBody>('POST', '/v2/test-clocks', { frozenTime: '1 January 2027' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].field).toBe('frozenTime');
  });

  it('attaches a schedule at creation; advances only forward and at most two periods; a dry run lists the events; an advancing clock answers 409', async () => {
    const clock = (await createClock()).body;
    const schedule = await attachedSchedule(clock.id);
    expect(schedule.status).toBe(201);
    expect((await p.call<Clock>('GET', `/v2/test-clocks/${clock.id}`)).body.recurringPaymentIds).toEqual([schedule.body.id]);
    const row = await sqlOne<{ test_clock_id: string }>(db, 'SELECT test_clock_id FROM recurring_payments WHERE id = $1', [
      schedule.body.id,
    ]);
    expect(row?.test_clock_id).toBe(clock.id);

    const backwards = await p.call<ErrorBody>('POST', `/v2/test-clocks/${clock.id}/advance`, { frozenTime: '2026-12-31T00:00:00Z' });
    expect([backwards.status, backwards.body.message]).toEqual([
      400,
      `frozenTime must be after the clock's time ${START}: test clocks only move forward`,
    ]);
    const tooFar = await p.call<ErrorBody>('POST', `/v2/test-clocks/${clock.id}/advance`, { frozenTime: at(61) });
    expect([tooFar.status, tooFar.body.message]).toEqual([
      400,
      `frozenTime is more than two periods of the shortest attached schedule ahead: advance to ${at(60)} at most, then again`,
    ]);

    // Awaiting its signature, the schedule executes nothing: only the clock's event is planned.
    const idle = await p.call<{ events: unknown[] }>('POST', `/v2/test-clocks/${clock.id}/advance`, { frozenTime: at(60), dryRun: true });
    expect(idle).toMatchObject({ status: 200, body: { events: [{ type: 'test_clock.ready', at: at(60) }] } });
    await sqlExecute(db, `UPDATE recurring_payments SET status = 'active' WHERE id = $1`, [schedule.body.id]);
    const dry = await p.call<{ dryRun: boolean; from: string; to: string; events: unknown[] }>(
      'POST',
      `/v2/test-clocks/${clock.id}/advance`,
      { frozenTime: at(60), dryRun: true },
    );
    expect(dry).toMatchObject({ status: 200, body: { dryRun: true, from: START, to: at(60) } });
    expect(dry.body.events).toEqual([
      { type: 'payment.confirmed', at: START, recurringPaymentId: schedule.body.id, index: 1 },
      { type: 'payment.confirmed', at: at(30), recurringPaymentId: schedule.body.id, index: 2 },
      { type: 'payment.confirmed', at: at(60), recurringPaymentId: schedule.body.id, index: 3 },
      { type: 'test_clock.ready', at: at(60), recurringPaymentId: null, index: null },
    ]);
    expect((await p.call<Clock>('GET', `/v2/test-clocks/${clock.id}`)).body).toMatchObject({ frozenTime: START, status: 'ready' });

    const advanced = await p.call<Clock>('POST', `/v2/test-clocks/${clock.id}/advance`, { frozenTime: at(60) });
    expect(advanced).toMatchObject({ status: 202, body: { frozenTime: START, status: 'advancing', targetTime: at(60) } });
    const again = await p.call<ErrorBody>('POST', `/v2/test-clocks/${clock.id}/advance`, { frozenTime: at(61) });
    expect([again.status, again.body.message]).toEqual([
      409,
      `Test clock ${clock.id} is still advancing to ${at(60)}: wait for test_clock.ready`,
    ]);
  });

  it("refuses another platform's clock on a schedule (400) and cancels the open schedules of a deleted clock", async () => {
    const other = await createTenant(p.api.app);
    const foreign = await p.call<Clock>('POST', '/v2/test-clocks', { frozenTime: START }, { 'x-api-key': other.apiKey.apiKey });
    const refused = await attachedSchedule(foreign.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'recurrence.testClockId', message: `recurrence.testClockId ${foreign.body.id} is not one of your test clocks` },
    ]);

    const clock = (await createClock()).body;
    const schedule = (await attachedSchedule(clock.id, 'WEEKLY')).body;
    const deleted = await p.call<unknown>('DELETE', `/v2/test-clocks/${clock.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: clock.id, deleted: true, cancelledRecurringPaymentIds: [schedule.id] } });
    expect((await p.call<{ status: string }>('GET', `/v2/payouts/recurring/${schedule.id}`)).body.status).toBe('cancelled');
    expect((await p.call<ErrorBody>('GET', `/v2/test-clocks/${clock.id}`)).status).toBe(404);
  });
});

describe('test clocks are refused where they cannot run', () => {
  async function clockRouteIn(env: Record<string, string>) {
    const api = await startInProcessApi(
      PaymentsApiModule.forRoot(
        appEnv(await createTestDatabase(), uniqueName('clk'), {
          LOG_LEVEL: 'silent',
          WEBHOOK_ENCRYPTION_KEYS: key(),
          PII_ENCRYPTION_KEYS: key(),
          ...env,
        }),
      ),
    );
    try {
      const { apiKey } = await createTenant(api.app);
      const res = await fetch(`${api.url}/v2/test-clocks`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ frozenTime: START }),
      });
      return { status: res.status, body: (await res.json()) as ErrorBody };
    } finally {
      await api.close();
    }
  }

  it('answers 403 in production, and 403 where no local chain is deployed (staging against a public testnet)', async () => {
    expect(await clockRouteIn({ PAYRAIL_ENV: 'production' })).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        message: 'Test clocks are not available in production: they move the chain time of a local test chain',
        error: 'Forbidden',
      },
    });
    const staging = await clockRouteIn({ PAYRAIL_ENV: 'staging' });
    expect(staging.status).toBe(403);
    expect(staging.body.message).toMatch(/^Test clocks need the local chain/);
  });
});
