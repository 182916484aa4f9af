import type { RecurringPaymentPermit } from '@payrail/permits';
import { Contract, toBeHex, Wallet } from 'ethers';
import { createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import { ADVANCE_DAYS, AMOUNT_UNITS, type ApiCall, isoAfter, PERIODS, runClockYear } from '@payrail/test-support/test-clocks/clock-year.js';

const FEED = ['function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'];
const seconds = (iso: string) => Date.parse(iso) / 1000;

// payments-api and chain-worker as processes on a private anvil: a monthly schedule attached to a
// test clock runs a year in 6 advances, each period executed on the chain at its due time. Other
// things on the same chain are checked after the chain has moved a year: another tenant's
// ordinary schedule, the price feeds, a payment link, detection.
describe('test clocks end to end (payments-api + chain-worker, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let api: AppHandle;
  let worker: AppHandle;
  let db: DataSource;
  let keyA: string;
  let keyB: string;
  const payers: ChainPayer[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('clk'), {
      RATE_LIMIT_MULTIPLIER: '100',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      DETECTION_POLL_INTERVAL_MS: '200',
      RELAYER_PRIVATE_KEY: ANVIL_ACCOUNTS[3].privateKey,
      RECURRING_POLL_INTERVAL_MS: '200',
    });
    keyA = (await createTenantIn(env)).apiKey.apiKey;
    keyB = (await createTenantIn(env)).apiKey.apiKey;
    [api, worker] = await Promise.all([startTestApp('payments-api', env), startTestApp('chain-worker', env)]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    for (const p of payers) p.close();
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
    await chain?.stop();
  });

  const callAs =
    (key: string): ApiCall =>
    async <T>(method: string, path: string, body?: object) => {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as T };
    };
  const token = () => chain.deployment.tokens.USDC.address;
  const feeds = () =>
    Promise.all(
      Object.entries(chain.deployment.feeds).map(async ([pair, address]) => {
        const [, answer, , updatedAt] = (await new Contract(address, FEED, chain.provider).getFunction('latestRoundData')()) as bigint[];
        return { pair, answer, updatedAt: Number(updatedAt) };
      }),
    );

  /** Tenant B's ordinary weekly schedule (no clock), activated: payment 1 executes at once, payment 2 is due in 7 days of its own time. */
  async function ordinarySchedule(call: ApiCall): Promise<string> {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const payer = new ChainPayer(chain.anvil.rpcUrl, wallet.privateKey);
    payers.push(payer);
    await chain.provider.send('anvil_setBalance', [wallet.address, toBeHex(10n ** 18n)]);
    const mint = new Contract(token(), ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 100_000_000n)) as { wait(): Promise<unknown> }).wait();
    const created = await call<{
      id: string;
      transactions: { to: string; data: string; value: string }[];
      recurringPaymentPermit: RecurringPaymentPermit;
    }>('POST', '/v2/payouts', {
      payee: Wallet.createRandom().address,
      amount: '1',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: new Date().toISOString().slice(0, 10), frequency: 'WEEKLY', totalPayments: 4, payer: wallet.address },
    });
    expect(created.status).toBe(201);
    await payer.submit(created.body.transactions);
    const { domain, types, values } = created.body.recurringPaymentPermit;
    await call('POST', `/v2/payouts/recurring/${created.body.id}`, { permitSignature: await wallet.signTypedData(domain, types, values) });
    await waitFor('ordinary payment 1', async () => {
      const s = await call<{ processedPayments: number }>('GET', `/v2/payouts/recurring/${created.body.id}`);
      return s.body.processedPayments === 1 ? true : undefined;
    });
    return created.body.id;
  }

  it('runs a monthly schedule of 12 on a test clock over a year in 6 capped advances: each period executed on the local chain at its due time, payment.confirmed in order, test_clock.ready after each advance', async () => {
    const callA = callAs(keyA);
    const callB = callAs(keyB);
    const other = await ordinarySchedule(callB);
    const link = await callA<{ token: string }>('POST', '/v2/secure-payments', {
      requests: [
        { payee: Wallet.createRandom().address, amount: '12.5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
      ],
    });
    expect(link.status).toBe(201);
    const feedsBefore = await feeds();

    const year = await runClockYear(callA, { rpcUrl: chain.anvil.rpcUrl, provider: chain.provider, token: token() });
    payers.push(year.payer);

    const done = await callA<{ status: string; processedPayments: number; payments: { requestId: string }[] }>(
      'GET',
      `/v2/payouts/recurring/${year.scheduleId}`,
    );
    expect(done.body).toMatchObject({ status: 'completed', processedPayments: PERIODS });
    expect(await year.payer.tokenBalance(token(), year.payee)).toBe(AMOUNT_UNITS * BigInt(PERIODS));

    // Each period was mined on the chain at (just after) its due time on the clock: block time moved with the clock.
    const executions = await sqlRows<{ index: number; executed: string; request_id: string }>(
      db,
      'SELECT index, extract(epoch FROM executed_at)::bigint AS executed, request_id FROM recurring_executions WHERE recurring_payment_id = $1 ORDER BY index',
      [year.scheduleId],
    );
    expect(executions.map((e) => e.index)).toEqual(Array.from({ length: PERIODS }, (_, i) => i + 1));
    for (const e of executions) {
      const due = seconds(year.start) + (e.index - 1) * 30 * 86_400;
      expect([e.index, Number(e.executed) - due >= 0 && Number(e.executed) - due < 600]).toEqual([e.index, true]);
    }

    // Events in order: payment.confirmed of each period (detection, as for any payment), and
    // test_clock.ready once an advance's payments are settled.
    const label = new Map(executions.map((e) => [e.request_id, `confirmed#${e.index}`]));
    const events = await sqlRows<{ event_type: string; aggregate_id: string; payload: Record<string, unknown> }>(
      db,
      `SELECT event_type, aggregate_id, payload FROM outbox_events
        WHERE (event_type = 'payment.confirmed' AND aggregate_id = ANY($1)) OR (event_type = 'test_clock.ready' AND aggregate_id = $2)
        ORDER BY id`,
      [executions.map((e) => e.request_id), year.clockId],
    );
    expect(events.map((e) => (e.event_type === 'test_clock.ready' ? 'ready' : label.get(e.aggregate_id)))).toEqual(
      [
        'confirmed#1',
        'confirmed#2',
        'confirmed#3',
        'ready',
        'confirmed#4',
        'confirmed#5',
        'ready',
        'confirmed#6',
        'confirmed#7',
        'ready',
      ].concat(['confirmed#8', 'confirmed#9', 'ready', 'confirmed#10', 'confirmed#11', 'ready', 'confirmed#12', 'ready']),
    );
    const ready = events.filter((e) => e.event_type === 'test_clock.ready').map((e) => e.payload);
    expect(ready.map((r) => [r.previousFrozenTime, r.frozenTime, r.executedPayments, r.failedPayments])).toEqual(
      [1, 2, 3, 4, 5, 6].map((k) => [
        isoAfter(year.start, (k - 1) * ADVANCE_DAYS),
        isoAfter(year.start, k * ADVANCE_DAYS),
        k === 6 ? 1 : 2,
        0,
      ]),
    );

    // The price feeds were re-stamped at the chain's new time, with their answers unchanged.
    const chainNow = (await chain.provider.getBlock('latest'))!.timestamp;
    const feedsAfter = await feeds();
    expect(feedsAfter.map((f) => [f.pair, f.answer])).toEqual(feedsBefore.map((f) => [f.pair, f.answer]));
    for (const f of feedsAfter) expect([f.pair, f.updatedAt >= seconds(isoAfter(year.start, 6 * ADVANCE_DAYS))]).toEqual([f.pair, true]);
    expect(chainNow).toBeGreaterThanOrEqual(seconds(isoAfter(year.start, 6 * ADVANCE_DAYS)));

    // Another tenant's ordinary schedule keeps its own time: its payment 2 (due in 7 days of wall
    // time) was not executed although the chain is a year ahead, after many executor passes.
    const ordinary = await callB<{ status: string; processedPayments: number }>('GET', `/v2/payouts/recurring/${other}`);
    expect(ordinary.body).toMatchObject({ status: 'active', processedPayments: 1 });
    // A payment link expires by wall time (database time), not chain time: still open.
    const links = await callA<{ data: { token: string; status: string }[] }>('GET', '/v2/secure-payments');
    expect(links.body.data.find((l) => l.token === link.body.token)?.status).toBe('pending');
  }, 300000);

  it('deletes a clock 7 days after its creation and cancels its open schedules', async () => {
    const callA = callAs(keyA);
    const clock = await callA<{ id: string }>('POST', '/v2/test-clocks', {
      frozenTime: new Date(Date.now() + 86_400_000).toISOString().slice(0, 19) + 'Z',
    });
    const schedule = await callA<{ id: string }>('POST', '/v2/payouts', {
      payee: Wallet.createRandom().address,
      amount: '1',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: {
        startDate: '2099-01-01',
        frequency: 'MONTHLY',
        totalPayments: 3,
        payer: Wallet.createRandom().address,
        testClockId: clock.body.id,
      },
    });
    expect(schedule.status).toBe(201);
    await sqlExecute(db, `UPDATE test_clocks SET created_at = now() - interval '7 days 1 minute' WHERE id = $1`, [clock.body.id]);
    await waitFor('clock deleted', async () =>
      (await callA('GET', `/v2/test-clocks/${clock.body.id}`)).status === 404 ? true : undefined,
    );
    expect((await callA<{ status: string }>('GET', `/v2/payouts/recurring/${schedule.body.id}`)).body.status).toBe('cancelled');
  }, 60000);
});
