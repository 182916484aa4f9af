import {
  encodeApprove,
  encodeRecurringExecute,
  encodeRecurringRevoke,
  encodeRecurringRevoked,
  RECURRING_PROXY_ABI,
  type RecurringPaymentPermit,
  schedulePermitDigest,
} from '@payrail/permits';
import { createDataSource, sqlOne } from '@payrail/persistence';
import { toBeHex, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { startRpcGate, type RpcCall, type RpcGate } from '@payrail/test-support/rpc-gate.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';

interface RecurringPayout {
  id: string;
  transactions: { to: string; data: string; value: string }[];
  recurringPaymentPermit: RecurringPaymentPermit;
}
interface CancelResponse {
  id: string;
  status: string;
  transactions: { to: string; data: string; value: string }[];
  metadata: Record<string, unknown>;
  inFlightPayment?: { index: number; txHash: string; state: string };
}

const DAY = 86400;
const AMOUNT = 7_500_000n; // 7.5 fUSDC
const relayer = ANVIL_ACCOUNTS[3];
const EXECUTE = RECURRING_PROXY_ABI.getFunction('execute')!.selector;
const isSimulatedExecute = (call: RpcCall) =>
  call.method === 'eth_call' && ((call.params?.[0] as { data?: string } | undefined)?.data ?? '').startsWith(EXECUTE);

// The attacks on a cancel, against real processes: payments-api and a chain-worker (its RPC behind
// a gate that can hold one call) on a private anvil whose mining the test controls.
describe('recurring cancel is real (payments-api + chain-worker processes, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let gate: RpcGate;
  let api: AppHandle;
  let worker: AppHandle;
  let apiKey: string;
  let db: DataSource;
  const payers: ChainPayer[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    gate = await startRpcGate(chain.anvil.rpcUrl);
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('rcx'), {
      RATE_LIMIT_MULTIPLIER: '100',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      DETECTION_POLL_INTERVAL_MS: '200',
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      RECURRING_POLL_INTERVAL_MS: '200',
    });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    [api, worker] = await Promise.all([
      startTestApp('payments-api', env),
      startTestApp('chain-worker', { ...env, RPC_URL_SEPOLIA: gate.url }),
    ]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    for (const p of payers) p.close();
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
    await gate?.close();
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
  const proxy = () => chain.deployment.contracts.ERC20RecurringPaymentProxy;
  const execution = (id: string) =>
    sqlOne<{ status: string; tx_hash: string | null; error: string | null }>(
      db,
      'SELECT status, tx_hash, error FROM recurring_executions WHERE recurring_payment_id = $1 AND index = 1',
      [id],
    );
  const executionWhere = (
    what: string,
    id: string,
    done: (e: { status: string; tx_hash: string | null; error: string | null }) => boolean,
  ) =>
    waitFor(
      what,
      async () => {
        const e = await execution(id);
        return e && done(e) ? e : undefined;
      },
      20000,
      100,
    );

  /** A funded payer of its own with an approved, signed schedule of 2 daily payments of 7.5, payment 1 due now; not activated yet. */
  async function approvedSchedule() {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const payer = new ChainPayer(chain.anvil.rpcUrl, wallet.privateKey);
    payers.push(payer);
    await chain.provider.send('anvil_setBalance', [wallet.address, toBeHex(10n ** 18n)]);
    await payer.submit([{ to: token(), data: mintData(wallet.address, 100_000_000n), value: '0x0' }]);
    const payee = Wallet.createRandom().address;
    const created = await call<RecurringPayout>('POST', '/v2/payouts', {
      payee,
      amount: '7.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: new Date().toISOString().slice(0, 10), frequency: 'DAILY', totalPayments: 2, payer: wallet.address },
    });
    expect(created.status).toBe(201);
    await payer.submit(created.body.transactions);
    const { domain, types, values } = created.body.recurringPaymentPermit;
    const signature = await wallet.signTypedData(domain, types, values);
    const activate = () => call('POST', `/v2/payouts/recurring/${created.body.id}`, { permitSignature: signature });
    return { id: created.body.id, permit: created.body.recurringPaymentPermit, signature, payer, payee, activate };
  }
  const cancel = (id: string) => call<CancelResponse>('PATCH', `/v2/payouts/recurring/${id}`, { action: 'cancel' });
  const sentByWorker = () => gate.calls().filter((c) => c.method === 'eth_sendRawTransaction').length;

  it('a cancel that lands while the executor prepares payment 1 (held at its simulation) makes it send nothing', async () => {
    const s = await approvedSchedule();
    const sentBefore = sentByWorker();
    const hold = gate.holdNext(isSimulatedExecute);
    expect((await s.activate()).status).toBe(201);
    await hold.held; // claimed and due: the worker is between its due-check and the send
    const cancelled = await cancel(s.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.inFlightPayment).toBeUndefined();
    hold.release();

    const closed = await executionWhere('the attempt closed', s.id, (e) => e.status !== 'submitted');
    expect(closed).toEqual({ status: 'failed', tx_hash: null, error: 'Not sent: the schedule is cancelled' });
    expect(sentByWorker()).toBe(sentBefore);
    expect(await s.payer.tokenBalance(token(), s.payee)).toBe(0n);
  }, 60000);

  it('a cancel that finds payment 1 sent but not mined has the relayer replace its nonce: the payment is never mined', async () => {
    const s = await approvedSchedule();
    await chain.provider.send('evm_setAutomine', [false]);
    try {
      expect((await s.activate()).status).toBe(201);
      const { tx_hash: pending } = await executionWhere('payment 1 sent', s.id, (e) => e.tx_hash !== null);
      const original = (await chain.provider.getTransaction(pending!))!;
      expect(await chain.provider.getTransactionReceipt(pending!)).toBeNull();

      const cancelled = await cancel(s.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.inFlightPayment).toEqual({ index: 1, txHash: pending, state: 'replacing' });
      expect(cancelled.body.metadata).toEqual({
        remainingPayments: 2,
        remainingAmount: '15000000',
        processedPayments: 0,
        totalPayments: 2,
      });

      // The relayer's replacement: same nonce, to itself, value 0, higher fees.
      const replacement = await waitFor(
        'the replacement in the pool',
        async () => {
          const pool = (await chain.provider.send('txpool_content', [])) as { pending: Record<string, Record<string, TxInPool>> };
          const mine = Object.entries(pool.pending).find(([from]) => from.toLowerCase() === relayer.address.toLowerCase())?.[1] ?? {};
          const tx = mine[String(original.nonce)];
          return tx && tx.hash !== pending ? tx : undefined;
        },
        20000,
        100,
      );
      expect([replacement.to?.toLowerCase(), BigInt(replacement.value)]).toEqual([relayer.address.toLowerCase(), 0n]);
      expect(BigInt(replacement.maxFeePerGas)).toBeGreaterThan(original.maxFeePerGas!);
      await chain.provider.send('evm_mine', []);
    } finally {
      await chain.provider.send('evm_setAutomine', [true]);
    }
    const closed = await executionWhere('the attempt closed', s.id, (e) => e.status !== 'submitted');
    expect(closed.status).toBe('failed');
    expect(closed.error).toMatch(/^Dropped after the cancel/);
    expect(await chain.provider.getTransactionReceipt(closed.tx_hash!)).toBeNull();
    expect(await s.payer.tokenBalance(token(), s.payee)).toBe(0n);
    const status = await call<{ processedPayments: number; status: string }>('GET', `/v2/payouts/recurring/${s.id}`);
    expect(status.body).toMatchObject({ status: 'cancelled', processedPayments: 0 });
  }, 60000);

  it('the cancel response carries revoke(permit) to the proxy; sent by the subscriber, it makes a later execute revert PermitRevoked', async () => {
    const s = await approvedSchedule();
    expect((await s.activate()).status).toBe(201);
    await executionWhere('payment 1 made', s.id, (e) => e.status === 'succeeded');
    const cancelled = await cancel(s.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.transactions).toEqual([
      { to: token(), data: encodeApprove(proxy(), 0n), value: '0x0' },
      { to: proxy(), data: encodeRecurringRevoke(s.permit.values), value: '0x0' },
    ]);
    expect(cancelled.body.inFlightPayment).toBeUndefined();
    expect(cancelled.body.metadata).toEqual({ remainingPayments: 1, remainingAmount: '7500000', processedPayments: 1, totalPayments: 2 });

    // Payment 2 falls due; the permit signature still works for whoever holds the relayer key ...
    await chain.provider.send('evm_increaseTime', [DAY]);
    await chain.provider.send('evm_mine', []);
    const execute2 = encodeRecurringExecute(s.permit.values, s.signature, 2, '0x00000000000000c2');
    expect(await revertOf(relayer.address, execute2)).toBe('no revert');
    // ... until the subscriber sends what the cancel answered.
    await s.payer.submit(cancelled.body.transactions);
    expect(BigInt(await chain.provider.call({ to: proxy(), data: encodeRecurringRevoked(schedulePermitDigest(s.permit)) }))).toBe(1n);
    expect(await revertOf(relayer.address, execute2)).toBe('PermitRevoked');
    expect(await s.payer.tokenBalance(token(), s.payee)).toBe(AMOUNT);
  }, 60000);

  /** The custom error a call would revert with, or "no revert". */
  async function revertOf(from: string, data: string): Promise<string> {
    try {
      await chain.provider.call({ from, to: proxy(), data });
      return 'no revert';
    } catch (error) {
      const raw = (error as { data?: string }).data;
      if (!raw) throw error;
      return RECURRING_PROXY_ABI.parseError(raw)?.name ?? raw;
    }
  }
});

interface TxInPool {
  hash: string;
  to: string | null;
  value: string;
  maxFeePerGas: string;
}

function mintData(to: string, amount: bigint): string {
  return `0x40c10f19${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}
