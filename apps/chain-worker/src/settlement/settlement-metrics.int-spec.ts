import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDataSource, sqlOne } from '@payrail/persistence';
import { metricsRegistry } from '@payrail/platform';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { waitFor } from '@payrail/devstack';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { payWithReference, privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { type CommitFault, installCommitFault } from '@payrail/test-support/commit-fault.js';
import { ChainWorkerModule } from '../app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// A settlement transaction that fails at commit (SQLSTATE 40001, as when a concurrent transaction
// wins) is run again (the batch one reference at a time, or the next pass): the settlement counter
// moves once per settled payment, not once per try.
describe('settlement counts committed settlements only', () => {
  let chain: Chain;
  let db: DataSource;
  let fault: CommitFault;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    fault = await installCommitFault(db, 'requests', "NEW.status = 'paid'");
    const env = privateChainWorkerEnv(databaseUrl, chain, 'smet');
    worker = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
  }, 60000);
  afterAll(async () => {
    await worker?.close();
    await db?.destroy();
    await chain?.stop();
  });

  const status = async (id: string) => (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [id]))!.status;
  const paidCount = async () =>
    (await metricsRegistry.getSingleMetric('payrail_settlements_total')!.get()).values.find(
      (v) => v.labels.network === 'sepolia' && v.labels.outcome === 'paid',
    )?.value ?? 0;

  it('two payments whose settlement commit fails once are counted paid exactly twice', async () => {
    const usdc = chain.deployment.tokens.USDC.address;
    const terms = () => ({
      payee: Wallet.createRandom().address,
      token: usdc,
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 1_000_000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
    const requests = [await insertRequest(db, terms()), await insertRequest(db, terms())];
    const before = await paidCount();
    await fault.failNextCommit();
    for (const req of requests) {
      const { payee } = (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [req.requestId]))!;
      await payWithReference(chain.provider, chain.deployment, { token: usdc, payee, amount: 1_000_000n, reference: req.reference });
    }
    for (const req of requests)
      await waitFor('the payment settles', async () => ((await status(req.requestId)) === 'paid' ? true : undefined), 15000);
    expect(await fault.tries()).toBeGreaterThanOrEqual(2); // the fault fired, and a later commit went through
    expect((await paidCount()) - before).toBe(2);
  }, 60000);
});
