import type { INestApplicationContext } from '@nestjs/common';
import { metricsRegistry } from '@payrail/platform';
import { NestFactory } from '@nestjs/core';
import { createDataSource, sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import { Reconciler, repairMissingInLedger, type ReconciliationChain } from '@payrail/reconciliation';
import { waitFor } from '@payrail/devstack';
import { JsonRpcProvider, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { payWithReference, privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { ChainWorkerModule } from '../app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// Reconciliation against Request Network's published ERC20FeeProxy on a private anvil (the suite's
// shared chain must not be rewound): payments detected and settled by the real chain-worker, then
// the ledger or the chain tampered with, and each run scoped to its own platform (a test's requests).
describe('reconciliation of the ledger against the chain (private anvil)', () => {
  let chain: Chain;
  let databaseUrl: string;
  let db: DataSource;
  let worker: INestApplicationContext | undefined;
  let reconciler: Reconciler;
  let chains: Map<string, ReconciliationChain>;

  beforeAll(async () => {
    chain = await startPrivateChain();
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    const provider = new JsonRpcProvider(chain.anvil.rpcUrl, undefined, { cacheTimeout: -1 });
    const c = chain.deployment.contracts;
    chains = new Map([['sepolia', { provider, contracts: [c.ERC20FeeProxy, c.EthereumFeeProxy], confirmations: 0 }]]);
    // Small chunks and two lanes: a window spans several eth_getLogs ranges.
    reconciler = new Reconciler(db, (n) => chains.get(n), { chunkBlocks: 3, concurrency: 2 });
    await startWorker();
  }, 60000);
  afterAll(async () => {
    await stopWorker();
    chains.get('sepolia')!.provider.destroy();
    await db.destroy();
    await chain.stop();
  });

  async function startWorker() {
    const env = privateChainWorkerEnv(databaseUrl, chain, 'recon', { RECONCILIATION_ENABLED: 'false', RECURRING_ENABLED: 'false' });
    worker = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
  }
  async function stopWorker() {
    await worker?.close();
    worker = undefined;
  }

  const usdc = () => chain.deployment.tokens.USDC.address;
  const feeAddress = Wallet.createRandom().address;
  const newRequest = (platformId?: string, fee = 0n) =>
    insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: usdc(),
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 1000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
      platformId,
      ...(fee > 0n ? { fee, feeAddress } : {}),
    });
  const pay = async (req: { requestId: string; reference: string }, fee = 0n) => {
    const { payee } = (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [req.requestId]))!;
    return payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee,
      amount: 1000n,
      reference: req.reference,
      fee,
      feeAddress,
    });
  };
  const statusOf = async (id: string) => (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [id]))!.status;
  const settled = (...ids: string[]) =>
    waitFor('settled', async () => ((await Promise.all(ids.map(statusOf))).every((s) => s === 'paid') ? true : undefined), 15000);
  const run = async (platformId: string) => {
    const id = (await reconciler.create({
      platformId,
      network: 'sepolia',
      from: new Date(0),
      to: new Date(Date.now() + 3_600_000),
      trigger: 'api',
    }))!;
    return reconciler.runById(id);
  };
  const discrepancies = (runId: string) =>
    sqlRows<{
      class: string;
      request_id: string;
      tx_hash: string | null;
      log_index: number | null;
      block_number: string | null;
      chain: object;
      ledger: object;
    }>(
      db,
      'SELECT class, request_id, tx_hash, log_index, block_number::text, chain, ledger FROM reconciliation_discrepancies WHERE run_id = $1 ORDER BY class',
      [runId],
    );
  const events = (type: string, aggregateId: string) =>
    sqlRows<{ payload: Record<string, unknown> }>(db, 'SELECT payload FROM outbox_events WHERE event_type = $1 AND aggregate_id = $2', [
      type,
      aggregateId,
    ]);

  it('a clean window reconciles with 0 discrepancies, counts both sides and writes one reconciliation.completed', async () => {
    const a = await newRequest();
    const b = await newRequest(a.platformId, 10n);
    await pay(a);
    await pay(b, 10n);
    await settled(a.requestId, b.requestId);
    const summary = await run(a.platformId);
    expect(summary).toMatchObject({ status: 'completed', chainTransfers: 2, ledgerTransfers: 2 });
    expect(summary.discrepancies).toEqual({
      missing_in_ledger: 0,
      missing_on_chain: 0,
      amount_mismatch: 0,
      fee_mismatch: 0,
      status_mismatch: 0,
    });
    const [event] = await events('reconciliation.completed', summary.runId);
    expect(event.payload).toMatchObject({
      event: 'reconciliation.completed',
      network: 'sepolia',
      totalDiscrepancies: 0,
      _routing: { platformId: a.platformId },
    });
  });

  it('an edited amount, fee and status are reported with both sides, and the run changes nothing', async () => {
    const a = await newRequest(undefined, 10n);
    const b = await newRequest(a.platformId);
    const paidA = await pay(a, 10n);
    await pay(b);
    await settled(a.requestId, b.requestId);
    await sqlExecute(db, `UPDATE payment_transfers SET amount = 999, fee_amount = 9 WHERE tx_hash = $1`, [paidA.txHash]);
    await sqlExecute(db, `UPDATE requests SET status = 'overpaid' WHERE id = $1`, [b.requestId]);
    const summary = await run(a.platformId);
    expect(summary.discrepancies).toMatchObject({
      amount_mismatch: 1,
      fee_mismatch: 1,
      status_mismatch: 2,
      missing_in_ledger: 0,
      missing_on_chain: 0,
    });
    const found = await discrepancies(summary.runId);
    expect(found.find((d) => d.class === 'amount_mismatch')).toMatchObject({
      request_id: a.requestId,
      tx_hash: paidA.txHash,
      block_number: String(paidA.blockNumber),
      chain: { amount: '1000', feeAmount: '10' },
      ledger: { amount: '999', feeAmount: '9' },
    });
    expect(found.find((d) => d.class === 'fee_mismatch')).toMatchObject({ chain: { feeAmount: '10' }, ledger: { feeAmount: '9' } });
    expect(found.find((d) => d.class === 'status_mismatch' && d.request_id === b.requestId)).toMatchObject({
      chain: { status: 'paid', amountPaid: '1000' },
      ledger: { status: 'overpaid', amountPaid: '1000' },
    });
    // Nothing repaired by the run itself.
    expect(await statusOf(b.requestId)).toBe('overpaid');
    expect(
      (await sqlOne<{ amount: string }>(db, 'SELECT amount::text FROM payment_transfers WHERE tx_hash = $1', [paidA.txHash]))!.amount,
    ).toBe('999');
  });

  it('a payment detection skipped (cursor moved by hand) is missing_in_ledger; the repair settles it with one payment.confirmed', async () => {
    const req = await newRequest();
    await stopWorker();
    const paid = await pay(req);
    const head = (await chain.provider.getBlock('latest'))!;
    await sqlExecute(db, 'UPDATE chain_cursors SET block_number = $1, block_hash = $2 WHERE network = $3', [
      head.number,
      head.hash,
      'sepolia',
    ]);
    await startWorker();
    const summary = await run(req.platformId);
    expect(summary.discrepancies).toMatchObject({ missing_in_ledger: 1, status_mismatch: 0 });
    const [item] = await discrepancies(summary.runId);
    expect(item).toMatchObject({
      class: 'missing_in_ledger',
      request_id: req.requestId,
      tx_hash: paid.txHash,
      ledger: null,
      chain: { amount: '1000' },
    });
    expect(await statusOf(req.requestId)).toBe('pending');

    expect(await repairMissingInLedger(db, (n) => chains.get(n), summary.runId)).toMatchObject({ reingested: 1, skipped: [] });
    await settled(req.requestId);
    expect(await repairMissingInLedger(db, (n) => chains.get(n), summary.runId)).toMatchObject({ reingested: 0 });
    const confirmed = await events('payment.confirmed', req.requestId);
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0].payload).toMatchObject({ txHash: paid.txHash, amount: '0.001' });
    expect((await run(req.platformId)).discrepancies).toMatchObject({ missing_in_ledger: 0, status_mismatch: 0 });
  });

  it('a block reverted past detection while detection was stopped leaves its transfer missing_on_chain', async () => {
    const req = await newRequest();
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const paid = await pay(req);
    await settled(req.requestId);
    await stopWorker();
    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    await chain.provider.send('anvil_mine', ['0x3']);
    const summary = await run(req.platformId);
    expect(summary.discrepancies).toMatchObject({ missing_on_chain: 1, missing_in_ledger: 0 });
    const [item] = await discrepancies(summary.runId);
    expect(item).toMatchObject({ class: 'missing_on_chain', tx_hash: paid.txHash, chain: null, ledger: { amount: '1000' } });
    await startWorker();
  });

  it('the metric shows the newest operator-wide run per class; two replicas record one nightly run per network and day', async () => {
    const id = (await reconciler.create({
      platformId: null,
      network: 'sepolia',
      from: new Date(0),
      to: new Date(Date.now() + 3_600_000),
      trigger: 'cli',
    }))!;
    const summary = await reconciler.runById(id);
    const gauge = await metricsRegistry.getSingleMetric('payrail_reconciliation_discrepancies')!.get();
    const shown = Object.fromEntries(gauge.values.filter((v) => v.labels.network === 'sepolia').map((v) => [v.labels.class, v.value]));
    expect(shown).toEqual(summary.discrepancies);

    const replicas = await Promise.all(
      [1, 2].map(() =>
        NestFactory.createApplicationContext(
          ChainWorkerModule.forRoot(
            privateChainWorkerEnv(databaseUrl, chain, 'recon-nightly', {
              DETECTION_ENABLED: 'false',
              RECURRING_ENABLED: 'false',
              DEPOSITS_ENABLED: 'false',
              RECONCILIATION_NIGHTLY_AT: '00:00',
              RECONCILIATION_POLL_INTERVAL_MS: '100',
            }),
          ),
          { logger: false },
        ),
      ),
    );
    try {
      const nightly = () =>
        sqlRows<{ status: string; window_from: Date; network: string }>(
          db,
          "SELECT status, window_from, network FROM reconciliation_runs WHERE trigger = 'schedule'",
        );
      await waitFor(
        'the nightly run completed',
        async () => ((await nightly()).some((r) => r.status === 'completed') ? true : undefined),
        15000,
      );
      const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
      expect(await nightly()).toEqual([{ status: 'completed', window_from: new Date(today - 86_400_000), network: 'sepolia' }]);
    } finally {
      for (const r of replicas) await r.close();
    }
  });
});
