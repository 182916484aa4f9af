import { randomBytes } from 'node:crypto';
import { buildSchedulePermit, encodeApprove, encodeRecurringExecute } from '@payrail/permits';
import { createDataSource, RecurringRepository, sqlExecute, sqlRows } from '@payrail/persistence';
import { Contract, JsonRpcProvider, NonceManager, toBeHex, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { ExecutionRecords } from './execution-records.js';
import { RelayerChain } from '../shared/relayer-chain.js';
import { ScheduleRunner } from './schedule-runner.js';

const AMOUNT = 2_000_000n;
const relayerKey = ANVIL_ACCOUNTS[3].privateKey;

// The executor's runner against a private anvil (the stuck-transaction test turns automining
// off) and real Postgres, without Nest and without the leader lock: what keeps an index from
// being paid twice here is the claim (row lock, execution key, in-flight lease) and the bitmap.
describe('recurring schedule runner', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let db: DataSource;
  let platformId: string;
  const providers: JsonRpcProvider[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    db = createDataSource(await createTestDatabase(), 4);
    await db.initialize();
    platformId = ulid();
    await sqlExecute(db, 'INSERT INTO platforms (id, name) VALUES ($1, $2)', [platformId, 'Runner test']);
  }, 60000);
  afterAll(async () => {
    for (const p of providers) p.destroy();
    await db?.destroy();
    await chain?.stop();
  });

  const token = () => chain.deployment.tokens.USDC.address;
  const proxy = () => chain.deployment.contracts.ERC20RecurringPaymentProxy;
  const balanceOf = async (owner: string) =>
    (await new Contract(token(), ['function balanceOf(address) view returns (uint256)'], chain.provider).getFunction('balanceOf')(
      owner,
    )) as bigint;

  function runner(inFlightMs = 35_000, receiptTimeoutMs = 5_000): ScheduleRunner {
    const provider = new JsonRpcProvider(chain.anvil.rpcUrl, undefined, { cacheTimeout: -1, pollingInterval: 50 });
    providers.push(provider);
    return new ScheduleRunner(
      db,
      'sepolia',
      new RelayerChain(provider, relayerKey, receiptTimeoutMs),
      new ExecutionRecords(db, inFlightMs),
    );
  }

  /** An active schedule of `total` payments, payment 1 due now, signed by a funded, approving payer of its own. */
  async function activeSchedule(total: number) {
    const payer = Wallet.createRandom(chain.provider);
    const payee = Wallet.createRandom().address;
    await chain.provider.send('anvil_setBalance', [payer.address, toBeHex(10n ** 18n)]);
    const minter = new NonceManager(new Wallet(ANVIL_ACCOUNTS[0].privateKey, chain.provider));
    await (await minter.sendTransaction({ to: token(), data: mintData(payer.address, AMOUNT * BigInt(total)) })).wait();
    await (await payer.sendTransaction({ to: token(), data: encodeApprove(proxy(), AMOUNT * BigInt(total)) })).wait();
    const now = (await chain.provider.getBlock('latest'))!.timestamp;
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
      periodSeconds: 86400,
      firstExec: now - 10,
      totalExecutions: total,
      deadline: now + 10 * 86400,
    });
    const signature = await payer.signTypedData(permit.domain, permit.types, permit.values);
    const id = ulid();
    await new RecurringRepository(db.manager).insert({
      id,
      platformId,
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
      periodSeconds: 86400,
      firstExec: permit.values.firstExec,
      totalPayments: total,
      permit,
      reference: null,
    });
    await new RecurringRepository(db.manager).update(id, { permitSignature: signature });
    return { id, payee, permit, signature };
  }

  const executions = async (id: string) =>
    sqlRows<{ index: number; status: string }>(
      db,
      'SELECT index, status FROM recurring_executions WHERE recurring_payment_id = $1 ORDER BY index',
      [id],
    );

  it('two runners passing at once pay payment 1 once', async () => {
    const s = await activeSchedule(2);
    const [a, b] = [runner(), runner()];
    await Promise.all([a.pass(), b.pass(), a.pass(), b.pass()]);
    expect(await balanceOf(s.payee)).toBe(AMOUNT);
    expect(await executions(s.id)).toEqual([{ index: 1, status: 'succeeded' }]);
    const [row] = await sqlRows<{ processed_payments: number; failure_count: number }>(
      db,
      'SELECT processed_payments, failure_count FROM recurring_payments WHERE id = $1',
      [s.id],
    );
    expect(row).toEqual({ processed_payments: 1, failure_count: 0 });
  });

  it('records an index the bitmap shows as paid without paying it again', async () => {
    const s = await activeSchedule(2);
    const relayer = new Wallet(relayerKey, chain.provider);
    const data = encodeRecurringExecute(s.permit.values, s.signature, 1, `0x${randomBytes(8).toString('hex')}`);
    await (await relayer.sendTransaction({ to: proxy(), data })).wait();
    await runner().pass();
    expect(await balanceOf(s.payee)).toBe(AMOUNT);
    expect(await executions(s.id)).toEqual([{ index: 1, status: 'succeeded' }]);
  });

  it('replaces a stuck transaction with the same nonce: one payment, not two', async () => {
    const s = await activeSchedule(1);
    const r = runner(200, 300);
    await chain.provider.send('evm_setAutomine', [false]);
    try {
      await r.pass(); // sent, not mined within 300 ms
      const [first] = await sqlRows<{ tx_hash: string; relayer_nonce: number }>(
        db,
        'SELECT tx_hash, relayer_nonce FROM recurring_executions WHERE recurring_payment_id = $1',
        [s.id],
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
      await r.pass(); // still pending past the lease: replaced (same nonce, doubled fees)
      const [second] = await sqlRows<{ tx_hash: string; relayer_nonce: number }>(
        db,
        'SELECT tx_hash, relayer_nonce FROM recurring_executions WHERE recurring_payment_id = $1',
        [s.id],
      );
      expect(second.relayer_nonce).toBe(first.relayer_nonce);
      expect(second.tx_hash).not.toBe(first.tx_hash);
      await chain.provider.send('evm_mine', []);
    } finally {
      await chain.provider.send('evm_setAutomine', [true]);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
    await r.pass();
    expect(await balanceOf(s.payee)).toBe(AMOUNT);
    expect(await executions(s.id)).toEqual([{ index: 1, status: 'succeeded' }]);
    const [row] = await sqlRows<{ status: string }>(db, 'SELECT status FROM recurring_payments WHERE id = $1', [s.id]);
    expect(row.status).toBe('completed');
  });
});

function mintData(to: string, amount: bigint): string {
  return new Contract('0x0000000000000000000000000000000000000001', ['function mint(address,uint256)']).interface.encodeFunctionData(
    'mint',
    [to, amount],
  );
}
