import type { RecurringPaymentPermit } from '@payrail/permits';
import { Contract, toBeHex, Wallet } from 'ethers';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

interface RecurringPayout {
  id: string;
  transactions: { to: string; data: string; value: string }[];
  recurringPaymentPermit: RecurringPaymentPermit;
}
interface Status {
  status: string;
  processedPayments: number;
  failureCount: number;
  failureReason: string | null;
  failureSubStatus: string | null;
  nextAttemptAt: string | null;
  pastDueAt: string | null;
  payments: { requestId: string; paymentReference: string; txHash: string; amount: string }[];
}

const DAY = 86400;
const today = () => new Date().toISOString().slice(0, 10);

// payments-api and TWO chain-worker replicas (both holding the relayer key) as processes on a
// private anvil whose time the test moves: schedules are created, approved, signed with
// Wallet.signTypedData(domain, types, values) unchanged, activated, and paid period by period.
describe('recurring payments end to end (payments-api + 2 chain-worker replicas, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let api: AppHandle;
  const workers: AppHandle[] = [];
  let apiKey: string;
  let db: DataSource;
  const payers: ChainPayer[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('rec'), {
      RATE_LIMIT_MULTIPLIER: '100',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      DETECTION_POLL_INTERVAL_MS: '200',
      RELAYER_PRIVATE_KEY: ANVIL_ACCOUNTS[3].privateKey,
      RECURRING_POLL_INTERVAL_MS: '200',
    });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    const started = await Promise.all([
      startTestApp('payments-api', env),
      startTestApp('chain-worker', env),
      startTestApp('chain-worker', env),
    ]);
    api = started[0];
    workers.push(...started.slice(1));
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    for (const p of payers) p.close();
    await db?.destroy();
    await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
    await chain?.stop();
  });

  const call = async <T>(method: string, path: string, body?: object): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const token = () => chain.deployment.tokens.USDC.address;
  /** A payer of its own: ether by anvil_setBalance, `units` of the test USDC minted to it. */
  async function newPayer(units: bigint): Promise<{ wallet: Wallet; chainPayer: ChainPayer }> {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const chainPayer = new ChainPayer(chain.anvil.rpcUrl, wallet.privateKey);
    payers.push(chainPayer);
    await chain.provider.send('anvil_setBalance', [wallet.address, toBeHex(10n ** 18n)]);
    if (units > 0n) await mint(chainPayer, units);
    return { wallet, chainPayer };
  }
  async function mint(payer: ChainPayer, units: bigint): Promise<void> {
    const fn = new Contract(token(), ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await fn(payer.address, units)) as { wait(): Promise<unknown> }).wait();
  }
  const advanceDay = async () => {
    await chain.provider.send('evm_increaseTime', [DAY]);
    await chain.provider.send('evm_mine', []);
  };
  const statusOf = async (id: string) => (await call<Status>('GET', `/v2/payouts/recurring/${id}`)).body;
  const until = (what: string, id: string, done: (s: Status) => boolean) =>
    waitFor(
      what,
      async () => {
        const s = await statusOf(id);
        return done(s) ? s : undefined;
      },
      20000,
      100,
    );
  const events = async (type: string, requestIds: string[]) =>
    (
      await sqlRows<{ payload: Record<string, unknown> }>(
        db,
        'SELECT payload FROM outbox_events WHERE event_type = $1 AND aggregate_id = ANY($2) ORDER BY id',
        [type, requestIds],
      )
    ).map((r) => r.payload);

  async function createSchedule(payer: Wallet, payee: string, totalPayments: number): Promise<RecurringPayout> {
    const res = await call<RecurringPayout>('POST', '/v2/payouts', {
      payee,
      amount: '7.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: today(), frequency: 'DAILY', totalPayments, payer: payer.address },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('pays a daily schedule of 3 as chain time passes, exactly, with payment.confirmed each, then completes; a tampered signature is refused', async () => {
    const { wallet, chainPayer } = await newPayer(100_000_000n);
    const payee = Wallet.createRandom().address;
    const schedule = await createSchedule(wallet, payee, 3);
    await chainPayer.submit(schedule.transactions);
    const { domain, types, values } = schedule.recurringPaymentPermit;
    const signature = await wallet.signTypedData(domain, types, values);
    const tampered = `${signature.slice(0, -4)}${signature.slice(-4, -2) === 'ff' ? '00' : 'ff'}${signature.slice(-2)}`;
    const refused = await call('POST', `/v2/payouts/recurring/${schedule.id}`, { permitSignature: tampered });
    expect(refused).toEqual({ status: 400, body: { statusCode: 400, message: 'Invalid signature provided', error: 'Bad Request' } });
    expect((await call('POST', `/v2/payouts/recurring/${schedule.id}`, { permitSignature: signature })).status).toBe(201);

    await until('payment 1', schedule.id, (s) => s.processedPayments === 1);
    await advanceDay();
    await until('payment 2', schedule.id, (s) => s.processedPayments === 2);
    await advanceDay();
    const done = await until('completed', schedule.id, (s) => s.status === 'completed');

    expect(done.processedPayments).toBe(3);
    expect(done.payments.map((p) => p.amount)).toEqual(['7.5', '7.5', '7.5']);
    expect(await chainPayer.tokenBalance(token(), payee)).toBe(22_500_000n);
    expect(await chainPayer.tokenBalance(token(), wallet.address)).toBe(100_000_000n - 22_500_000n);
    const requestIds = done.payments.map((p) => p.requestId);
    const confirmed = await waitFor(
      '3 payment.confirmed',
      async () => {
        const found = await events('payment.confirmed', requestIds);
        return found.length === 3 ? found : undefined;
      },
      10000,
      100,
    );
    expect(confirmed.map((e) => [e.requestId, e.amount, e.recurringPayment, e.payerAddress])).toEqual(
      requestIds.map((id) => [id, '7.5', { id: schedule.id }, wallet.address]),
    );
    // Two replicas, one execution per index: three execution rows, three distinct transactions.
    const rows = await sqlRows(db, 'SELECT index, status FROM recurring_executions WHERE recurring_payment_id = $1 ORDER BY index', [
      schedule.id,
    ]);
    expect(rows).toEqual([1, 2, 3].map((index) => ({ index, status: 'succeeded' })));
    expect(new Set(done.payments.map((p) => p.txHash)).size).toBe(3);
  }, 90000);

  it('dunning through the API: the default policy, a bad one refused, then a short balance goes past due at once (grace 0); after a top-up and unpause the missed periods are caught up in order', async () => {
    const policyPath = '/v2/payouts/recurring-dunning-policy';
    expect(await call('GET', policyPath)).toEqual({
      status: 200,
      body: {
        retryDelaysSeconds: [300, 1800, 7200, 72000, 86400],
        gracePeriodSeconds: 1209600,
        cancelAfterSeconds: 604800,
        source: 'default',
        updatedAt: null,
      },
    });
    const refused = await call<{ message: string; errors: { field: string }[] }>('PUT', policyPath, {
      retryDelaysSeconds: [5],
      gracePeriodSeconds: 0,
      cancelAfterSeconds: null,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e) => e.field)).toEqual(['retryDelaysSeconds']);
    const set = await call('PUT', policyPath, { retryDelaysSeconds: [3600], gracePeriodSeconds: 0, cancelAfterSeconds: null });
    expect(set).toMatchObject({
      status: 200,
      body: { retryDelaysSeconds: [3600], gracePeriodSeconds: 0, cancelAfterSeconds: null, source: 'platform' },
    });

    const { wallet, chainPayer } = await newPayer(0n);
    const payee = Wallet.createRandom().address;
    const schedule = await createSchedule(wallet, payee, 2);
    await chainPayer.submit(schedule.transactions);
    const { domain, types, values } = schedule.recurringPaymentPermit;
    await call('POST', `/v2/payouts/recurring/${schedule.id}`, { permitSignature: await wallet.signTypedData(domain, types, values) });

    const paused = await until('paused', schedule.id, (s) => s.status === 'paused');
    expect(paused).toMatchObject({
      failureCount: 1,
      failureReason: 'Insufficient token balance',
      failureSubStatus: 'insufficient_balance',
      nextAttemptAt: null,
      processedPayments: 0,
    });
    expect(paused.pastDueAt).toEqual(expect.any(String));
    const rows = await sqlRows<{ request_id: string }>(db, 'SELECT request_id FROM recurring_executions WHERE recurring_payment_id = $1', [
      schedule.id,
    ]);
    const failed = await events(
      'payment.failed',
      rows.map((r) => r.request_id),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      subStatus: 'insufficient_balance',
      recurringPayment: { id: schedule.id },
      attempt: 1,
      nextAttemptAt: null,
    });
    expect(await events('schedule.past_due', [schedule.id])).toMatchObject([
      { recurringPaymentId: schedule.id, status: 'paused', subStatus: 'insufficient_balance', cancelAt: null },
    ]);

    await advanceDay(); // payment 2 falls due while paused
    await mint(chainPayer, 15_000_000n);
    const resumed = await call<{ status: string }>('PATCH', `/v2/payouts/recurring/${schedule.id}`, { action: 'unpause' });
    expect(resumed).toMatchObject({ status: 200, body: { status: 'active' } });
    const done = await until('caught up', schedule.id, (s) => s.status === 'completed');
    expect(done.payments).toHaveLength(2);
    expect(await chainPayer.tokenBalance(token(), payee)).toBe(15_000_000n);
  }, 90000);
});
