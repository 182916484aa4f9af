import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { Contract, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ANVIL_ACCOUNTS, waitFor } from '@payrail/devstack';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { ChainWorkerModule } from '../app.module.js';
import { payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { DetectionService } from './detection.service.js';
import { metricsRegistry } from '@payrail/platform';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// Detection and settlement on a private anvil (the reorg test rewinds it), real Postgres.
describe('payment detection and settlement', () => {
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
    for (const w of workers.splice(0)) await w.close(); // also when a test failed half-way
  });
  afterAll(async () => {
    await db.destroy();
    await chain.stop();
  });

  async function startWorker(confirmations: number) {
    const env = appEnv(databaseUrl, uniqueName('det'), {
      LOG_LEVEL: 'silent',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: `sepolia:${confirmations}`,
      DETECTION_POLL_INTERVAL_MS: '100',
    });
    const app = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
    workers.push(app);
    return app;
  }
  const stop = async (app: INestApplicationContext) => {
    await app.close();
    workers.splice(workers.indexOf(app), 1);
  };

  const usdc = () => chain.deployment.tokens.USDC.address;
  const newRequest = (expected: bigint, token = usdc(), decimals = 6) =>
    insertRequest(db, {
      payee: Wallet.createRandom().address,
      token,
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected,
      decimals,
      paymentCurrency: 'fUSDC-sepolia',
    });
  const requestRow = async (id: string) =>
    (await sqlOne<Record<string, string>>(db, 'SELECT status, amount_paid::text, tx_hash FROM requests WHERE id = $1', [id]))!;
  const events = async (id: string) =>
    sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
      db,
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'request' AND aggregate_id = $1 ORDER BY id`,
      [id],
    );
  const count = async (sql: string, params: unknown[]) => (await sqlOne<{ n: number }>(db, sql, params))!.n;
  const payeeOf = async (id: string) => (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [id]))!.payee;

  it('settles a paid request and writes payment.confirmed with the spec payload', async () => {
    const worker = await startWorker(0);
    const req = await newRequest(1_500_000n);
    const feeAddress = Wallet.createRandom().address;
    const paid = await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(req.requestId),
      amount: 1_500_000n,
      fee: 15_000n,
      feeAddress,
      reference: req.reference,
    });
    await waitFor('settlement', async () => ((await requestRow(req.requestId)).status === 'paid' ? true : undefined), 10000);
    expect(await requestRow(req.requestId)).toEqual({ status: 'paid', amount_paid: '1500000', tx_hash: paid.txHash });
    const [event, ...more] = await events(req.requestId);
    expect(more).toEqual([]);
    expect(event?.event_type).toBe('payment.confirmed');
    expect(event?.payload).toMatchObject({
      event: 'payment.confirmed',
      requestId: req.requestId,
      requestID: req.requestId,
      paymentReference: req.reference,
      amount: '1.5',
      totalAmountPaid: '1.5',
      expectedAmount: '1.5',
      txHash: paid.txHash,
      payerAddress: expect.stringMatching(/^0x70997970/i),
      network: 'sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      isCryptoToFiat: false,
      explorer: null,
      fees: [{ type: 'platform', amount: '0.015', currency: 'fUSDC-sepolia' }],
    });
    expect(worker.get(DetectionService).status().sepolia).toMatchObject({ leader: true, detected: 1 });
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toContain('payrail_detection_payments_detected_total{network="sepolia"} 1\n');
    expect(metrics).toMatch(/payrail_detection_lag_blocks\{network="sepolia"\} \d+\n/);
    expect(metrics).toContain('payrail_detection_leader{network="sepolia"} 1\n');
    await stop(worker);
  }, 30000);

  it('records each settled payment at its fiat value of that moment: rate, feed and feed time, in the invoice fiat when it has a rate', async () => {
    const worker = await startWorker(0);
    const inUsd = await newRequest(2_500_000n);
    const inEur = await insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: usdc(),
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 5_400_000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
      invoiceCurrency: 'EUR',
    });
    for (const [req, amount] of [[inUsd, 2_500_000n] as const, [inEur, 5_400_000n] as const]) {
      await payWithReference(chain.provider, chain.deployment, {
        token: usdc(),
        payee: await payeeOf(req.requestId),
        amount,
        reference: req.reference,
      });
      await waitFor('settled', async () => ((await requestRow(req.requestId)).status === 'paid' ? true : undefined), 10000);
    }
    const fiatOf = async (reference: string) =>
      sqlOne<Record<string, string>>(
        db,
        `SELECT t.fiat_currency, t.fiat_value::text, t.fiat_rate::text, t.fiat_rate_source, t.fiat_rate_at
           FROM payment_transfers t JOIN requests r ON r.reference_topic = t.reference_topic WHERE r.payment_reference = $1`,
        [reference],
      );
    // The local chain's Request Network ChainlinkConversionPath over its mock feeds: USDC/USD 1.00, EUR/USD 1.08.
    const usdcFeed = `chainlink-conversion-path:${chain.deployment.contracts.ChainlinkConversionPath}`;
    expect(await fiatOf(inUsd.reference)).toEqual({
      fiat_currency: 'USD',
      fiat_value: '2.50',
      fiat_rate: '1',
      fiat_rate_source: usdcFeed,
      fiat_rate_at: expect.any(Date),
    });
    expect(await fiatOf(inEur.reference)).toEqual({
      fiat_currency: 'EUR',
      fiat_value: '5.00',
      fiat_rate: '0.925925925925925926',
      fiat_rate_source: `${usdcFeed}; ${usdcFeed}`,
      fiat_rate_at: expect.any(Date),
    });
    // Stored, not recomputed: USDC/USD moves to 0.50; the next payment settles at it, the first keeps 2.50.
    await stop(worker);
    const settled = await fiatOf(inUsd.reference);
    const feed = new Contract(
      chain.deployment.feeds['USDC/USD'],
      ['function updateAnswer(int256)'],
      new Wallet(ANVIL_ACCOUNTS[0].privateKey, chain.provider),
    );
    const moved = async (answer: bigint) => {
      const tx = (await feed.getFunction('updateAnswer')(answer)) as { wait(): Promise<unknown> };
      await tx.wait();
    };
    await moved(50_000_000n);
    try {
      await startWorker(0);
      const later = await newRequest(2_500_000n);
      await payWithReference(chain.provider, chain.deployment, {
        token: usdc(),
        payee: await payeeOf(later.requestId),
        amount: 2_500_000n,
        reference: later.reference,
      });
      await waitFor('settled', async () => ((await requestRow(later.requestId)).status === 'paid' ? true : undefined), 10000);
      expect(await fiatOf(later.reference)).toMatchObject({ fiat_currency: 'USD', fiat_value: '1.25', fiat_rate: '0.5' });
      expect(await fiatOf(inUsd.reference)).toEqual(settled);
    } finally {
      await moved(100_000_000n);
    }
  }, 60000);

  it('emits payment.partial for half, then payment.confirmed for the rest', async () => {
    const worker = await startWorker(0);
    const req = await newRequest(2_000_000n);
    const payee = await payeeOf(req.requestId);
    await payWithReference(chain.provider, chain.deployment, { token: usdc(), payee, amount: 1_000_000n, reference: req.reference });
    await waitFor('partial', async () => ((await requestRow(req.requestId)).status === 'partial' ? true : undefined), 10000);
    await payWithReference(chain.provider, chain.deployment, { token: usdc(), payee, amount: 1_000_000n, reference: req.reference });
    await waitFor('paid', async () => ((await requestRow(req.requestId)).status === 'paid' ? true : undefined), 10000);
    const every = await events(req.requestId);
    // The half raised an underpaid exception in its settlement's transaction, resolved by the rest (issue #35).
    expect(every.map((e) => e.event_type)).toEqual([
      'payment.partial',
      'payment.exception',
      'payment.confirmed',
      'payment.exception.resolved',
    ]);
    const all = every.filter((e) => !e.event_type.startsWith('payment.exception'));
    expect(all[0].payload).not.toHaveProperty('clientId');
    expect(all.map((e) => [e.payload.amount, e.payload.totalAmountPaid])).toEqual([
      ['1.0', '1.0'],
      ['1.0', '2.0'],
    ]);
    await stop(worker);
  }, 30000);

  it('ignores payments to another payee or in another token', async () => {
    const worker = await startWorker(0);
    const req = await newRequest(100n);
    await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: Wallet.createRandom().address,
      amount: 100n,
      reference: req.reference,
    });
    await payWithReference(chain.provider, chain.deployment, {
      token: chain.deployment.tokens.USDT.address,
      payee: await payeeOf(req.requestId),
      amount: 100n,
      reference: req.reference,
    });
    const settledCount = () =>
      count(
        'SELECT count(*)::int AS n FROM payment_transfers WHERE reference_topic = (SELECT reference_topic FROM requests WHERE id = $1) AND settled_at IS NOT NULL',
        [req.requestId],
      );
    await waitFor('both transfers seen', async () => ((await settledCount()) === 2 ? true : undefined), 10000);
    expect(await requestRow(req.requestId)).toMatchObject({ status: 'pending', amount_paid: '0' });
    expect(await events(req.requestId)).toEqual([]);
    await stop(worker);
  }, 30000);

  it('returns a request to pending when a reorg removes its unconfirmed payment, with no event', async () => {
    const worker = await startWorker(3);
    const req = await newRequest(500n);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(req.requestId),
      amount: 500n,
      reference: req.reference,
    });
    const topicCount = () =>
      count(
        'SELECT count(*)::int AS n FROM payment_transfers WHERE reference_topic = (SELECT reference_topic FROM requests WHERE id = $1)',
        [req.requestId],
      );
    await waitFor('detection', async () => ((await topicCount()) === 1 ? true : undefined), 10000);
    expect((await requestRow(req.requestId)).status).toBe('pending'); // 3 confirmations not reached
    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    for (let i = 0; i < 6; i++) await chain.provider.send('evm_mine', []);
    await waitFor('rollback', async () => ((await topicCount()) === 0 ? true : undefined), 10000);
    await new Promise((r) => setTimeout(r, 500)); // several more passes past the old height
    expect(await requestRow(req.requestId)).toMatchObject({ status: 'pending', amount_paid: '0' });
    expect(await events(req.requestId)).toEqual([]);
    expect(worker.get(DetectionService).status().sepolia?.reorgs).toBeGreaterThanOrEqual(1);
    await stop(worker);
  }, 30000);

  it('neither loses nor doubles a payment across a restart and with two replicas', async () => {
    const first = await startWorker(0);
    const reqs = [await newRequest(10n), await newRequest(20n), await newRequest(30n)];
    await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(reqs[0].requestId),
      amount: 10n,
      reference: reqs[0].reference,
    });
    await waitFor('first', async () => ((await requestRow(reqs[0].requestId)).status === 'paid' ? true : undefined), 10000);
    await stop(first); // between passes: what was committed is the cursor
    await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(reqs[1].requestId),
      amount: 20n,
      reference: reqs[1].reference,
    });
    const [a, b] = [await startWorker(0), await startWorker(0)];
    await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(reqs[2].requestId),
      amount: 30n,
      reference: reqs[2].reference,
    });
    for (const r of reqs) await waitFor('paid', async () => ((await requestRow(r.requestId)).status === 'paid' ? true : undefined), 10000);
    for (const r of reqs) expect((await events(r.requestId)).map((e) => e.event_type)).toEqual(['payment.confirmed']);
    expect([a, b].map((w) => w.get(DetectionService).status().sepolia?.leader).filter(Boolean)).toHaveLength(1);
  }, 40000);
});
