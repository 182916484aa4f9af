import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { waitFor } from '@payrail/devstack';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { payWithReference, privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest, insertSecurePayment } from '@payrail/test-support/chain-worker/requests.js';
import { ChainWorkerModule } from '../app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// One payment reference whose settlement throws (here: a secure payment row settlement cannot read,
// standing in for a KYT provider that fails or any bad row) must not hold up the network's others.
describe('settlement isolates a failing payment reference', () => {
  let chain: Chain;
  let db: DataSource;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const env = privateChainWorkerEnv(databaseUrl, chain, 'iso');
    worker = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
  }, 60000);
  afterAll(async () => {
    await worker?.close();
    await db?.destroy();
    await chain?.stop();
  });

  const status = async (id: string) => (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [id]))!.status;

  it('settles the other payments while one reference keeps failing, and the failing one once it can', async () => {
    const usdc = chain.deployment.tokens.USDC.address;
    const terms = () => ({
      payee: Wallet.createRandom().address,
      token: usdc,
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 1_000_000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
    const [broken, healthy] = [await insertRequest(db, terms()), await insertRequest(db, terms())];
    const token = await insertSecurePayment(db, { platformId: broken.platformId, type: 'single', requestIds: [broken.requestId] });
    await sqlExecute(db, `UPDATE secure_payments SET access_policy = '{}'::jsonb WHERE token = $1`, [token]);
    for (const req of [broken, healthy]) {
      const { payee } = (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [req.requestId]))!;
      await payWithReference(chain.provider, chain.deployment, { token: usdc, payee, amount: 1_000_000n, reference: req.reference });
    }

    await waitFor('the healthy payment settles', async () => ((await status(healthy.requestId)) === 'paid' ? true : undefined), 10000);
    expect(await status(broken.requestId)).toBe('pending');

    await sqlExecute(
      db,
      `UPDATE secure_payments SET access_policy = '{"allowedPayerAddresses": [], "screening": "off", "hidePayeeAddress": false}'::jsonb
        WHERE token = $1`,
      [token],
    );
    await waitFor('the repaired payment settles', async () => ((await status(broken.requestId)) === 'paid' ? true : undefined), 10000);
  }, 60000);
});
