import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { waitFor } from '@payrail/devstack';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { ChainWorkerModule } from '../app.module.js';
import { approveProxy, payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest, insertSecurePayment } from '@payrail/test-support/chain-worker/requests.js';
import { DetectionService } from './detection.service.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;
type Event = { event_type: string; payload: Record<string, unknown> };

// Settled payments reverted with anvil's evm_snapshot / evm_revert on a private chain (the suite's
// shared anvil must not be rewound), detection and settlement by the real chain-worker module.
describe('reorgs of settled payments (private anvil, evm_snapshot / evm_revert)', () => {
  let chain: Chain;
  let databaseUrl: string;
  let db: DataSource;
  const workers: INestApplicationContext[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 60000);
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });
  afterAll(async () => {
    await db.destroy();
    await chain.stop();
  });

  async function startWorker(confirmations: number) {
    const env = appEnv(databaseUrl, uniqueName('reorg'), {
      LOG_LEVEL: process.env.REORG_LOG ?? 'silent',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: `sepolia:${confirmations}`,
      DETECTION_POLL_INTERVAL_MS: '100',
    });
    const app = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), {
      logger: process.env.REORG_LOG ? ['error', 'warn'] : false,
    });
    workers.push(app);
    return app;
  }

  const usdc = () => chain.deployment.tokens.USDC.address;
  const proxy = () => chain.deployment.contracts.ERC20FeeProxy;
  const mine = (blocks: number) => chain.provider.send('anvil_mine', [`0x${blocks.toString(16)}`]);
  const newRequest = (platformId?: string) =>
    insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: usdc(),
      proxy: proxy(),
      expected: 1000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
      platformId,
    });
  const row = async (id: string) =>
    (await sqlOne<Record<string, string | null>>(db, 'SELECT status, amount_paid::text, tx_hash FROM requests WHERE id = $1', [id]))!;
  const statusOf = async (id: string) => (await row(id)).status;
  const payeeOf = async (id: string) => (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [id]))!.payee;
  const events = async (id: string, type?: string) =>
    sqlRows<Event>(
      db,
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'request' AND aggregate_id = $1 AND ($2::text IS NULL OR event_type = $2) ORDER BY id`,
      [id, type ?? null],
    );
  const securePayment = async (token: string) =>
    (await sqlOne<{ status: string; completed_at: Date | null }>(db, 'SELECT status, completed_at FROM secure_payments WHERE token = $1', [
      token,
    ]))!;
  const pay = async (req: { requestId: string; reference: string }, approved = false) =>
    payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(req.requestId),
      amount: 1000n,
      reference: req.reference,
      approved,
    });
  const until = (what: string, check: () => Promise<boolean>, ms = 10000) =>
    waitFor(what, async () => ((await check()) ? true : undefined), ms);

  it.each([
    { depth: 1, confirmations: 0, replicas: 1 },
    { depth: 20, confirmations: 0, replicas: 2 },
    { depth: 20, confirmations: 3, replicas: 1 },
  ])(
    'a revert of $depth blocks over a payment settled with $confirmations confirmations ($replicas replicas): pending within seconds, one payment.reversed, secure payments reopen, paying again settles',
    async ({ depth, confirmations, replicas }) => {
      for (let i = 0; i < replicas; i++) await startWorker(confirmations);
      const req = await newRequest();
      const other = await newRequest(req.platformId);
      const single = await insertSecurePayment(db, { platformId: req.platformId, type: 'single', requestIds: [req.requestId] });
      const multicall = await insertSecurePayment(db, {
        platformId: req.platformId,
        type: 'multicall',
        requestIds: [other.requestId, req.requestId],
      });
      await pay(other); // before the snapshot: stays paid
      await approveProxy(chain.provider, proxy(), usdc(), 1000n);
      await mine(confirmations);
      const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
      const paid = await pay(req, true); // the first block after the snapshot
      await mine(depth - 1);
      await until('settled', async () => (await statusOf(req.requestId)) === 'paid' && (await statusOf(other.requestId)) === 'paid');
      expect((await securePayment(single)).status).toBe('completed');
      expect((await securePayment(multicall)).status).toBe('completed');

      expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
      const reverted = Date.now();
      await until('back to pending', async () => (await statusOf(req.requestId)) === 'pending', 5000);
      expect(Date.now() - reverted).toBeLessThan(5000);
      expect(await row(req.requestId)).toEqual({ status: 'pending', amount_paid: '0', tx_hash: null });
      expect(await securePayment(single)).toEqual({ status: 'pending', completed_at: null });
      expect((await securePayment(multicall)).status).toBe('partially_settled');
      expect(await statusOf(other.requestId)).toBe('paid');

      await mine(depth + 5); // the replacement chain grows past the old height: passes over it change nothing
      await new Promise((r) => setTimeout(r, 800));
      const reversals = await events(req.requestId, 'payment.reversed');
      expect(reversals).toHaveLength(1);
      expect(reversals[0].payload).toMatchObject({
        event: 'payment.reversed',
        requestId: req.requestId,
        requestID: req.requestId,
        paymentReference: req.reference,
        network: 'sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        txHashes: [paid.txHash],
        amountReversed: '0.001',
        totalAmountPaid: '0.0',
        expectedAmount: '0.001',
        status: 'pending',
      });
      expect(await events(other.requestId, 'payment.reversed')).toEqual([]);
      expect(await statusOf(req.requestId)).toBe('pending');

      const again = await pay(req);
      await mine(confirmations);
      await until('paid again', async () => (await statusOf(req.requestId)) === 'paid');
      expect((await row(req.requestId)).tx_hash).toBe(again.txHash);
      expect((await events(req.requestId)).map((e) => e.event_type)).toEqual([
        'payment.confirmed',
        'payment.reversed',
        'payment.confirmed',
      ]);
      expect((await securePayment(single)).status).toBe('completed');
      expect((await securePayment(multicall)).status).toBe('completed');
      const leaders = workers.map((w) => w.get(DetectionService).status().sepolia).filter((s) => s?.leader);
      expect(leaders).toHaveLength(1);
      expect(leaders[0]?.reorgs).toBeGreaterThanOrEqual(1);
    },
    60000,
  );

  it('an exception raised by a payment a reorg removes follows it: resolved `reversed` with payment.exception.resolved', async () => {
    await startWorker(0);
    const req = await newRequest();
    await approveProxy(chain.provider, proxy(), usdc(), 1500n);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const over = await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(req.requestId),
      amount: 1500n,
      reference: req.reference,
      approved: true,
    });
    await until('overpaid', async () => (await statusOf(req.requestId)) === 'overpaid');
    const exception = async () =>
      (await sqlOne<{ kind: string; status: string; resolution: string | null; tx_hash: string }>(
        db,
        'SELECT kind, status, resolution, tx_hash FROM payment_exceptions WHERE request_id = $1',
        [req.requestId],
      ))!;
    expect(await exception()).toEqual({ kind: 'overpaid', status: 'open', resolution: null, tx_hash: over.txHash });

    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    await mine(3);
    await until('back to pending', async () => (await statusOf(req.requestId)) === 'pending');
    expect(await exception()).toEqual({ kind: 'overpaid', status: 'resolved', resolution: 'reversed', tx_hash: over.txHash });
    expect((await events(req.requestId)).map((e) => [e.event_type, e.payload.resolution ?? null])).toEqual([
      ['payment.confirmed', null],
      ['payment.exception', null],
      ['payment.reversed', null],
      ['payment.exception.resolved', 'reversed'],
    ]);
  }, 30000);

  it('a 1-block revert above a payment settled with 3 confirmations leaves it paid, with no reversal', async () => {
    await startWorker(3);
    const req = await newRequest();
    await pay(req);
    await mine(2);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    await mine(1);
    await until('settled', async () => (await statusOf(req.requestId)) === 'paid');
    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true); // head now 2 blocks above the payment
    await mine(2);
    await new Promise((r) => setTimeout(r, 800));
    expect(await statusOf(req.requestId)).toBe('paid');
    expect((await events(req.requestId)).map((e) => e.event_type)).toEqual(['payment.confirmed']);
  }, 30000);

  it('a payment the replacement chain includes again (same transaction, another block) stays paid, with no event', async () => {
    const worker = await startWorker(0);
    const req = await newRequest();
    await approveProxy(chain.provider, proxy(), usdc(), 1000n);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const paid = await pay(req, true);
    await until('settled', async () => (await statusOf(req.requestId)) === 'paid');
    const raw = (await chain.provider.send('eth_getRawTransactionByHash', [paid.txHash])) as string;
    const blockOf = async () =>
      (await sqlOne<{ block_hash: string }>(db, 'SELECT block_hash FROM payment_transfers WHERE tx_hash = $1', [paid.txHash]))?.block_hash;
    const blockBefore = await blockOf();
    await worker.close(); // the revert and the re-inclusion happen between two passes
    workers.splice(0);
    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    await mine(1); // the payment is now one block later
    await chain.provider.send('eth_sendRawTransaction', [raw]);
    await mine(3);
    await startWorker(0);
    await until('the transfer read again from its new block', async () => {
      const now = await blockOf();
      return now !== undefined && now !== blockBefore;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await row(req.requestId)).toEqual({ status: 'paid', amount_paid: '1000', tx_hash: paid.txHash });
    expect((await events(req.requestId)).map((e) => e.event_type)).toEqual(['payment.confirmed']);
    expect(await sqlOne(db, 'SELECT count(*)::int AS n FROM reversed_transfers')).toEqual({ n: 0 });
  }, 30000);
});
