import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ANVIL_ACCOUNTS, waitFor } from '@payrail/devstack';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { metricsRegistry } from '@payrail/platform';
import { Contract, NonceManager, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { approveProxy, payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { startTcpRelay } from '@payrail/test-support/chain-worker/tcp-relay.js';
import { ChainWorkerModule } from '../app.module.js';
import { DetectionService } from './detection.service.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// New heads over anvil's WebSocket (same port as its HTTP) wake detection; polling is the fallback.
describe('detection woken by new heads over a WebSocket', () => {
  let chain: Chain;
  let databaseUrl: string;
  let db: DataSource;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    chain = await startPrivateChain();
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 60000);
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
  });
  afterAll(async () => {
    await db.destroy();
    await chain.stop();
  });

  async function startWorker(wsUrl: string, pollMs: number) {
    const env = appEnv(databaseUrl, uniqueName('heads'), {
      LOG_LEVEL: 'silent',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      WS_RPC_URLS: `sepolia=${wsUrl}`,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: String(pollMs),
    });
    worker = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
    return worker.get(DetectionService);
  }
  const sepolia = (d: DetectionService) => d.status().sepolia;
  const until = (check: () => boolean | undefined) => () => Promise.resolve(check() ? true : undefined);
  const wsOf = (port: number) => `ws://127.0.0.1:${port}`;
  const anvilPort = () => Number(new URL(chain.anvil.rpcUrl).port);
  const status = async (id: string) => (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [id]))!.status;
  const paid = (ids: string[]) => async () => ((await Promise.all(ids.map(status))).every((s) => s === 'paid') ? true : undefined);
  const usdcRequest = () =>
    insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: chain.deployment.tokens.USDC.address,
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 1_000_000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
  const payeeOf = async (id: string) => (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [id]))!.payee;
  const payUsdc = async (req: { requestId: string; reference: string }) =>
    payWithReference(chain.provider, chain.deployment, {
      token: chain.deployment.tokens.USDC.address,
      payee: await payeeOf(req.requestId),
      amount: 1_000_000n,
      reference: req.reference,
    });
  const getLogsCalls = async () =>
    (await metricsRegistry.getSingleMetric('payrail_rpc_request_duration_seconds')!.get()).values.find(
      (v) =>
        (v as { metricName?: string }).metricName === 'payrail_rpc_request_duration_seconds_count' && v.labels.method === 'eth_getLogs',
    )?.value ?? 0;

  it('a head notification settles a block of payments through both fee proxies, read with one eth_getLogs, long before the poll', async () => {
    const detection = await startWorker(wsOf(anvilPort()), 60000);
    await waitFor(
      'the subscription',
      until(() => sepolia(detection).heads?.connected),
      10000,
    );
    const erc20 = await usdcRequest();
    const native = await insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: null,
      proxy: chain.deployment.contracts.EthereumFeeProxy,
      expected: 10n ** 15n,
      decimals: 18,
      paymentCurrency: 'ETH-sepolia',
    });
    await approveProxy(chain.provider, chain.deployment.contracts.ERC20FeeProxy, chain.deployment.tokens.USDC.address, 1_000_000n);
    // The approval's own block has been read (its pass is over) before the payments' block is mined.
    const approvedAt = await chain.provider.getBlockNumber();
    await waitFor(
      'the approval block read',
      until(() => sepolia(detection).cursor >= approvedAt),
      10000,
    );
    const logsBefore = await getLogsCalls();

    await chain.provider.send('evm_setAutomine', [false]);
    const payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, chain.provider));
    const sent = [
      await new Contract(
        chain.deployment.contracts.ERC20FeeProxy,
        ['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)'],
        payer,
      ).getFunction('transferFromWithReferenceAndFee')(
        chain.deployment.tokens.USDC.address,
        await payeeOf(erc20.requestId),
        1_000_000n,
        erc20.reference,
        0n,
        Wallet.createRandom().address,
      ),
      await new Contract(
        chain.deployment.contracts.EthereumFeeProxy,
        ['function transferWithReferenceAndFee(address,bytes,uint256,address) payable'],
        payer,
      ).getFunction('transferWithReferenceAndFee')(await payeeOf(native.requestId), native.reference, 0n, Wallet.createRandom().address, {
        value: 10n ** 15n,
      }),
    ];
    const minedAt = Date.now();
    await chain.provider.send('evm_mine', []);
    await chain.provider.send('evm_setAutomine', [true]);
    await waitFor('both payments settled', paid([erc20.requestId, native.requestId]), 15000);

    expect(Date.now() - minedAt).toBeLessThan(15000); // the poll interval is 60 s: only the head woke detection
    expect(sent).toHaveLength(2);
    const blocks = await sqlRows<{ block_number: string; contract: string }>(
      db,
      'SELECT block_number::text, contract FROM payment_transfers WHERE network = $1 ORDER BY log_index',
      ['sepolia'],
    );
    expect(new Set(blocks.map((b) => b.block_number)).size).toBe(1);
    expect(blocks.map((b) => b.contract.toLowerCase()).sort()).toEqual(
      [chain.deployment.contracts.ERC20FeeProxy, chain.deployment.contracts.EthereumFeeProxy].map((a) => a.toLowerCase()).sort(),
    );
    expect((await getLogsCalls()) - logsBefore).toBe(1);
    expect(sepolia(detection).heads?.heads).toBeGreaterThanOrEqual(2);
  }, 60000);

  it('a killed socket falls back to polling with no missed payment, and the subscription comes back', async () => {
    const relay = await startTcpRelay(anvilPort());
    try {
      const detection = await startWorker(wsOf(relay.port), 1000);
      await waitFor(
        'the subscription',
        until(() => sepolia(detection).heads?.connected),
        10000,
      );

      relay.cut();
      await waitFor(
        'the socket lost',
        until(() => sepolia(detection).heads?.connected === false),
        10000,
      );
      const whileDown = [await usdcRequest(), await usdcRequest(), await usdcRequest()];
      for (const req of whileDown) await payUsdc(req); // three blocks
      await waitFor('the payments made while the socket was down', paid(whileDown.map((r) => r.requestId)), 20000);
      expect(sepolia(detection).heads?.drops).toBeGreaterThanOrEqual(1);

      relay.restore();
      await waitFor(
        'the subscription back',
        until(() => sepolia(detection).heads?.connected),
        40000,
      );
      const headsBefore = sepolia(detection).heads!.heads;
      const after = await usdcRequest();
      await payUsdc(after);
      await waitFor('the payment after reconnecting', paid([after.requestId]), 15000);
      await waitFor(
        'a head over the new socket',
        until(() => sepolia(detection).heads!.heads > headsBefore),
        10000,
      );
      const confirmed = await sqlRows<{ aggregate_id: string }>(
        db,
        `SELECT aggregate_id FROM outbox_events WHERE event_type = 'payment.confirmed' AND aggregate_id = ANY($1::text[])`,
        [[...whileDown, after].map((r) => r.requestId)],
      );
      expect(confirmed.map((c) => c.aggregate_id).sort()).toEqual([...whileDown, after].map((r) => r.requestId).sort());
    } finally {
      await worker?.close();
      worker = undefined;
      await relay.close();
    }
  }, 120000);
});
