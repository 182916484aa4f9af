import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { sandboxKytDecision } from '@payrail/domain';
import { buildSchedulePermit, encodeApprove, encodeRecurringRevoke } from '@payrail/permits';
import { createDataSource, RecurringDunningRepository, RecurringRepository, sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import { metricsRegistry } from '@payrail/platform';
import { Contract, JsonRpcProvider, NonceManager, toBeHex, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { startRpcGate, type RpcGate } from '@payrail/test-support/rpc-gate.js';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { ExecutionRecords } from './execution-records.js';
import { RelayerChain } from '../shared/relayer-chain.js';
import { ScheduleRunner } from './schedule-runner.js';

const AMOUNT = 2_000_000n;
const DAY = 86_400;
const relayerKey = ANVIL_ACCOUNTS[3].privateKey;
/** A payer the sandbox screening rejects: its address, 0xe8c5…3dead, ends in `dead` (found once by search from a fixed seed). */
const BLOCKED_PAYER_KEY = '0x8cf8f5697dd6b6a3a76decebcc456550419d282f7c72fd7bdb83c1dff4b9f09c';

interface Options {
  balance?: bigint;
  allowance?: bigint;
  firstExecIn?: number;
  deadlineIn?: number;
  key?: string;
  platform?: string;
}

// Issue #37 on a private anvil: each failure reason produced for real, dunning retries driven by
// the chain's time (evm_increaseTime / evm_mine), past due, cancelled for nonpayment, recovery,
// the pre-due checks (one JSON-RPC batch per block) and the events in the outbox, in order.
describe('recurring dunning on the local chain', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let gate: RpcGate;
  let db: DataSource;
  let platformId: string;
  const providers: JsonRpcProvider[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    gate = await startRpcGate(chain.anvil.rpcUrl);
    db = createDataSource(await createTestDatabase(), 4);
    await db.initialize();
    platformId = await newPlatform();
  }, 60000);
  afterAll(async () => {
    for (const p of providers) p.destroy();
    await gate?.close();
    await db?.destroy();
    await chain?.stop();
  });

  async function newPlatform(): Promise<string> {
    const id = ulid();
    await sqlExecute(db, 'INSERT INTO platforms (id, name) VALUES ($1, $2)', [id, 'Dunning test']);
    return id;
  }
  const token = () => chain.deployment.tokens.USDC.address;
  const proxy = () => chain.deployment.contracts.ERC20RecurringPaymentProxy;
  const chainNow = async () => (await chain.provider.getBlock('latest'))!.timestamp;
  const advance = async (seconds: number) => {
    await chain.provider.send('evm_increaseTime', [seconds]);
    await chain.provider.send('evm_mine', []);
  };
  const minter = () => new NonceManager(new Wallet(ANVIL_ACCOUNTS[0].privateKey, chain.provider));
  const mint = async (to: string, amount: bigint) =>
    (await (await minter().sendTransaction({ to: token(), data: mintData(to, amount) })).wait())!;

  /** The executor's runner, through the RPC gate (so a test can fail or count its calls). */
  function runner(): ScheduleRunner {
    const provider = new JsonRpcProvider(gate.url, undefined, { cacheTimeout: -1, pollingInterval: 50 });
    providers.push(provider);
    const kyt = { screen: (wallet: string) => Promise.resolve(sandboxKytDecision(wallet)) };
    return new ScheduleRunner(
      db,
      'sepolia',
      new RelayerChain(provider, relayerKey, 5_000),
      new ExecutionRecords(db),
      () => false,
      undefined,
      kyt,
    );
  }

  /** An active schedule of 3 daily payments, payment 1 due now unless `firstExecIn`, signed by its own payer. */
  async function schedule(o: Options = {}) {
    const payer = new Wallet(o.key ?? Wallet.createRandom().privateKey, chain.provider);
    const payee = Wallet.createRandom().address;
    await chain.provider.send('anvil_setBalance', [payer.address, toBeHex(10n ** 18n)]);
    if ((o.balance ?? AMOUNT * 3n) > 0n) await mint(payer.address, o.balance ?? AMOUNT * 3n);
    await (await payer.sendTransaction({ to: token(), data: encodeApprove(proxy(), o.allowance ?? AMOUNT * 3n) })).wait();
    const now = await chainNow();
    const permit = buildSchedulePermit({
      chainId: chain.deployment.chainId,
      verifyingContract: proxy(),
      subscriber: payer.address,
      token: token(),
      recipient: payee,
      feeAddress: '0x0000000000000000000000000000000000000000',
      amount: AMOUNT,
      feeAmount: 0n,
      gasFee: 0n,
      periodSeconds: DAY,
      firstExec: now + (o.firstExecIn ?? -10),
      totalExecutions: 3,
      deadline: now + (o.deadlineIn ?? 30 * DAY),
    });
    const id = ulid();
    const repo = new RecurringRepository(db.manager);
    await repo.insert({
      id,
      platformId: o.platform ?? platformId,
      clientIdId: null,
      status: 'active',
      network: 'sepolia',
      recurringProxy: proxy(),
      feeProxy: chain.deployment.contracts.ERC20FeeProxy,
      payer: payer.address,
      payee,
      token: token(),
      paymentCurrency: 'fUSDC-sepolia',
      currencyDecimals: 6,
      invoiceCurrency: 'fUSDC-sepolia',
      invoiceAmount: AMOUNT,
      invoiceDecimals: 6,
      amount: AMOUNT,
      feePercentage: null,
      feeAmount: 0n,
      feeAddress: null,
      gasFee: 0n,
      frequency: 'DAILY',
      periodSeconds: DAY,
      firstExec: permit.values.firstExec,
      totalPayments: 3,
      permit,
      reference: null,
    });
    await repo.update(id, { permitSignature: await payer.signTypedData(permit.domain, permit.types, permit.values) });
    return { id, payer, payee, permit };
  }

  const state = (id: string) =>
    sqlOne<{
      status: string;
      failure_sub_status: string | null;
      failure_reason: string | null;
      next_attempt_at: Date | null;
      past_due_at: Date | null;
      processed_payments: number;
      dunning_attempts: number;
      cancellation_reason: string | null;
    }>(
      db,
      `SELECT status, failure_sub_status, failure_reason, next_attempt_at, past_due_at, processed_payments, dunning_attempts, cancellation_reason
         FROM recurring_payments WHERE id = $1`,
      [id],
    ).then((r) => r!);
  /** The outbox events about a schedule (its requests' and its own), in outbox order. */
  const events = (id: string) =>
    sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
      db,
      `SELECT event_type, payload FROM outbox_events
        WHERE (aggregate_type = 'recurring_payment' AND aggregate_id = $1)
           OR aggregate_id IN (SELECT request_id FROM recurring_executions WHERE recurring_payment_id = $1)
        ORDER BY id`,
      [id],
    );
  const metric = async (name: string, labels: Record<string, string>) =>
    (await metricsRegistry.getSingleMetric(name)!.get()).values.find((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x))
      ?.value ?? 0;

  /** One pass over a fresh schedule set up by `arrange`: the reason recorded and the event. */
  async function reasonOf(s: Awaited<ReturnType<typeof schedule>>) {
    await runner().pass();
    const row = await state(s.id);
    const failed = (await events(s.id)).filter((e) => e.event_type === 'payment.failed');
    expect(failed.at(-1)?.payload).toMatchObject({ subStatus: row.failure_sub_status, recurringPayment: { id: s.id } });
    const [execution] = await sqlRows<{ sub_status: string }>(
      db,
      'SELECT sub_status FROM recurring_executions WHERE recurring_payment_id = $1',
      [s.id],
    );
    expect(execution.sub_status).toBe(row.failure_sub_status);
    return row;
  }

  it('a drained balance is insufficient_balance, retried after 5 minutes of chain time, then recovered by dunning', async () => {
    const s = await schedule({ balance: AMOUNT - 1n });
    const recoveredBefore = await metric('payrail_recurring_recoveries_total', { network: 'sepolia', reason: 'insufficient_balance' });
    const failedBefore = await metric('payrail_recurring_failures_total', { network: 'sepolia', reason: 'insufficient_balance' });
    const revenueBefore = await metric('payrail_recurring_revenue_recovered', { network: 'sepolia', currency: 'fUSDC-sepolia' });
    const delaysBefore = await metric('payrail_recurring_execution_delay_seconds', { network: 'sepolia', le: '+Inf' });
    const row = await reasonOf(s);
    const failedAt = await chainNow();
    expect(row).toMatchObject({
      status: 'active',
      failure_sub_status: 'insufficient_balance',
      failure_reason: 'Insufficient token balance',
      dunning_attempts: 1,
    });
    expect(row.next_attempt_at!.getTime() / 1000).toBe(failedAt + 300);

    await mint(s.payer.address, AMOUNT); // the subscriber tops up; the retry waits for its time
    await runner().pass();
    expect((await state(s.id)).processed_payments).toBe(0);

    await advance(300);
    await runner().pass();
    const paid = await state(s.id);
    expect(paid).toMatchObject({
      status: 'active',
      processed_payments: 1,
      failure_sub_status: null,
      next_attempt_at: null,
      dunning_attempts: 0,
    });
    const [execution] = await sqlRows<{ status: string; recovered_from: string }>(
      db,
      'SELECT status, recovered_from FROM recurring_executions WHERE recurring_payment_id = $1 AND index = 1',
      [s.id],
    );
    expect(execution).toEqual({ status: 'succeeded', recovered_from: 'insufficient_balance' });
    expect(
      (await metric('payrail_recurring_recoveries_total', { network: 'sepolia', reason: 'insufficient_balance' })) - recoveredBefore,
    ).toBe(1);
    expect((await metric('payrail_recurring_failures_total', { network: 'sepolia', reason: 'insufficient_balance' })) - failedBefore).toBe(
      1,
    );
    // 2 fUSDC (2_000_000 base units, 6 decimals) recovered; one more execution delay observed.
    expect((await metric('payrail_recurring_revenue_recovered', { network: 'sepolia', currency: 'fUSDC-sepolia' })) - revenueBefore).toBe(
      2,
    );
    expect((await metric('payrail_recurring_execution_delay_seconds', { network: 'sepolia', le: '+Inf' })) - delaysBefore).toBe(1);
    expect((await events(s.id)).map((e) => [e.event_type, e.payload.attempt])).toEqual([['payment.failed', 1]]);
  }, 60000);

  it('a lowered allowance is allowance_too_low; a revoked one is allowance_revoked and goes past due at once', async () => {
    expect((await reasonOf(await schedule({ allowance: AMOUNT - 1n }))).failure_sub_status).toBe('allowance_too_low');
    const revoked = await schedule({ allowance: 0n });
    const row = await reasonOf(revoked);
    expect(row).toMatchObject({ status: 'paused', failure_sub_status: 'allowance_revoked', next_attempt_at: null });
    expect(row.past_due_at).not.toBeNull();
    const order = (await events(revoked.id)).map((e) => e.event_type);
    expect(order).toEqual(['payment.failed', 'schedule.past_due']);
  }, 60000);

  it('a permit revoked on chain is schedule_cancelled_onchain; an expired permit is permit_expired', async () => {
    const s = await schedule();
    await (await s.payer.sendTransaction({ to: proxy(), data: encodeRecurringRevoke(s.permit.values) })).wait();
    expect(await reasonOf(s)).toMatchObject({ status: 'paused', failure_sub_status: 'schedule_cancelled_onchain' });
    const expiring = await schedule({ deadlineIn: 60 });
    await advance(120);
    expect(await reasonOf(expiring)).toMatchObject({ status: 'paused', failure_sub_status: 'permit_expired' });
  }, 60000);

  it('a relayer without gas funds is gas_unavailable, an RPC outage rpc_error: both retried, neither past due', async () => {
    const relayer = new Wallet(relayerKey).address;
    const funds = await chain.provider.getBalance(relayer);
    const s = await schedule();
    await chain.provider.send('anvil_setBalance', [relayer, '0x0']);
    try {
      expect(await reasonOf(s)).toMatchObject({ status: 'active', failure_sub_status: 'gas_unavailable' });
    } finally {
      await chain.provider.send('anvil_setBalance', [relayer, toBeHex(funds)]);
    }
    const outage = await schedule();
    gate.failWhile((call) => call.method === 'eth_call');
    try {
      expect(await reasonOf(outage)).toMatchObject({
        status: 'active',
        failure_sub_status: 'rpc_error',
        failure_reason: expect.stringMatching(/^Network RPC unavailable/) as unknown,
      });
    } finally {
      gate.failWhile(null);
    }
  }, 60000);

  it('a payer the screening blocks is screening_blocked, though funded and approved', async () => {
    const s = await schedule({ key: BLOCKED_PAYER_KEY });
    expect(s.payer.address.toLowerCase().endsWith('dead')).toBe(true);
    expect(await reasonOf(s)).toMatchObject({ status: 'active', failure_sub_status: 'screening_blocked' });
  }, 60000);

  it('past due after the grace period, then cancelled for nonpayment after the platform’s delay, by chain time', async () => {
    const platform = await newPlatform();
    await new RecurringDunningRepository(db.manager).savePolicy(platform, {
      retryDelaysSeconds: [600],
      gracePeriodSeconds: 900,
      cancelAfterSeconds: 3600,
    });
    const s = await schedule({ balance: 0n, platform });
    await runner().pass(); // attempt 1: retry in 10 min
    expect(await state(s.id)).toMatchObject({ status: 'active', dunning_attempts: 1 });
    await advance(600);
    await runner().pass(); // attempt 2: the next would land past the 15 min grace period
    expect(await state(s.id)).toMatchObject({ status: 'paused', dunning_attempts: 2, failure_sub_status: 'insufficient_balance' });
    await advance(3000);
    await runner().pass();
    expect((await state(s.id)).status).toBe('paused');
    await advance(601);
    await runner().pass();
    expect(await state(s.id)).toMatchObject({ status: 'cancelled', cancellation_reason: 'nonpayment' });
    const order = await events(s.id);
    expect(order.map((e) => e.event_type)).toEqual([
      'payment.failed',
      'payment.failed',
      'schedule.past_due',
      'schedule.canceled_for_nonpayment',
    ]);
    expect(order[2].payload).toMatchObject({
      recurringPaymentId: s.id,
      status: 'paused',
      subStatus: 'insufficient_balance',
      failureCount: 2,
    });
    expect(order[1].payload).toMatchObject({ attempt: 2, nextAttemptAt: null });
  }, 60000);

  it('pre-due checks: 72 h and 24 h before due, upcoming or at risk with the reason, once each, one RPC batch per block', async () => {
    const funded = await schedule({ firstExecIn: 2 * DAY });
    const short = await schedule({ firstExecIn: 2 * DAY, balance: 0n });
    const before = gate.batches().length;
    await runner().pass();
    const about = (payer: string) => (b: { params?: unknown[] }[]) =>
      JSON.stringify(b).toLowerCase().includes(payer.slice(2).toLowerCase());
    const batches = gate.batches().slice(before).filter(about(funded.payer.address));
    // Balance, allowance and revoked of every schedule in the block, in one request.
    expect(batches).toHaveLength(1);
    expect(about(short.payer.address)(batches[0])).toBe(true);
    expect(batches[0].filter((c) => c.method === 'eth_call').length).toBeGreaterThanOrEqual(6);
    await runner().pass(); // nothing twice
    await advance(DAY + 60); // now inside 24 h
    await runner().pass();
    await runner().pass();
    const notices = async (id: string) =>
      (await events(id)).map((e) => [e.event_type, e.payload.hoursBefore, e.payload.subStatus, e.payload.index]);
    expect(await notices(funded.id)).toEqual([
      ['payment.upcoming', 72, null, 1],
      ['payment.upcoming', 24, null, 1],
    ]);
    expect(await notices(short.id)).toEqual([
      ['payment.at_risk', 72, 'insufficient_balance', 1],
      ['payment.at_risk', 24, 'insufficient_balance', 1],
    ]);
  }, 60000);
});

function mintData(to: string, amount: bigint): string {
  return new Contract('0x0000000000000000000000000000000000000001', ['function mint(address,uint256)']).interface.encodeFunctionData(
    'mint',
    [to, amount],
  );
}
