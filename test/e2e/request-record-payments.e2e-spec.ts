import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ANVIL_ACCOUNTS, waitFor } from '@payrail/devstack';
import { createDataSource, sqlOne } from '@payrail/persistence';
import { payWithReference, privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { CLOCK } from '@payrail/platform';
import { ManualClock, startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { jsonCall } from '@payrail/test-support/json-call.js';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../../apps/chain-worker/src/app.module.js';
import { PaymentsApiModule } from '../../apps/payments-api/src/app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// An invoice paid on a private anvil (Request Network's ERC20FeeProxy), detected and settled by the
// real chain-worker: its status record lists each settled transfer in payments[].
describe('GET /v2/request/{requestId}: payments[] of a paid invoice', () => {
  let chain: Chain;
  let db: DataSource;
  let api: InProcessApi;
  let worker: INestApplicationContext;
  let apiKey: string;
  const clock = new ManualClock();

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(
        appEnv(databaseUrl, uniqueName('inv'), {
          LOG_LEVEL: 'silent',
          RATE_LIMIT_MULTIPLIER: '100',
          RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
          CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
        }),
      ),
    );
    apiKey = (await createTenant(api.app)).apiKey.apiKey;
    // The worker's recurring invoice periods follow `clock` (detection and settlement do not read it).
    const ref = await Test.createTestingModule({
      imports: [ChainWorkerModule.forRoot(privateChainWorkerEnv(databaseUrl, chain, 'inv', { RECURRING_INVOICES_INTERVAL_MS: '100' }))],
    })
      .overrideProvider(CLOCK)
      .useValue(clock)
      .compile();
    worker = await ref.init();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.destroy();
    await chain?.stop();
  });

  const call = <T = Record<string, unknown>>(method: string, path: string, body?: object) =>
    jsonCall<T>(`${api.url}${path}`, method, { 'x-api-key': apiKey }, body);
  const statusOf = async (id: string) => (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [id]))?.status;

  it('lists each settled transfer (amount, txHash, block time, payer, fees); partial until the rest arrives', async () => {
    const payee = Wallet.createRandom().address;
    const feeAddress = Wallet.createRandom().address;
    const created = await call<{ requestId: string; paymentReference: string }>('POST', '/v2/request', {
      payee,
      amount: '5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      reference: 'INV-PAID',
    });
    expect(created.status).toBe(201);
    const { requestId, paymentReference } = created.body;
    const token = chain.deployment.tokens.USDC.address;
    const first = await payWithReference(chain.provider, chain.deployment, {
      token,
      payee,
      amount: 2_000_000n,
      fee: 10_000n,
      feeAddress,
      reference: paymentReference,
    });
    await waitFor('partial', async () => ((await statusOf(requestId)) === 'partial' ? true : undefined), 15000);
    const partial = await call<Record<string, unknown>>('GET', `/v2/request/${requestId}`);
    const firstBlock = await chain.provider.getBlock(first.blockNumber);
    expect(partial.body).toMatchObject({
      status: 'partial',
      hasBeenPaid: false,
      isListening: true,
      amountPaid: '2',
      payments: [
        {
          amount: '2',
          currency: 'fUSDC-sepolia',
          txHash: first.txHash,
          timestamp: new Date(firstBlock!.timestamp * 1000).toISOString(),
          payer: ANVIL_ACCOUNTS[1].address,
          fees: [{ type: 'platform', provider: 'payrail', amount: '0.01', currency: 'fUSDC-sepolia' }],
        },
      ],
      payerAddress: ANVIL_ACCOUNTS[1].address,
    });
    const rest = await payWithReference(chain.provider, chain.deployment, {
      token,
      payee,
      amount: 3_000_000n,
      reference: paymentReference,
    });
    await waitFor('paid', async () => ((await statusOf(requestId)) === 'paid' ? true : undefined), 15000);
    const paid = await call<{ payments: { txHash: string; amount: string; fees: unknown[] }[] } & Record<string, unknown>>(
      'GET',
      `/v2/request/${requestId}`,
    );
    expect(paid.body).toMatchObject({
      requestId,
      paymentReference,
      status: 'paid',
      hasBeenPaid: true,
      isListening: false,
      txHash: rest.txHash,
      amountPaid: '5',
      reference: 'INV-PAID',
      payerAddress: ANVIL_ACCOUNTS[1].address,
      payerEoaAddress: ANVIL_ACCOUNTS[1].address,
    });
    expect(paid.body.payments.map((p) => [p.txHash, p.amount, p.fees.length])).toEqual([
      [first.txHash, '2', 1],
      [rest.txHash, '3', 0],
    ]);
  }, 60000);

  it('leaves out transfers with the reference that do not count (another payee)', async () => {
    const payee = Wallet.createRandom().address;
    const created = await call<{ requestId: string; paymentReference: string }>('POST', '/v2/request', {
      payee,
      amount: '1',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    const token = chain.deployment.tokens.USDC.address;
    const stray = await payWithReference(chain.provider, chain.deployment, {
      token,
      payee: Wallet.createRandom().address,
      amount: 1_000_000n,
      reference: created.body.paymentReference,
    });
    await payWithReference(chain.provider, chain.deployment, {
      token,
      payee,
      amount: 1_000_000n,
      reference: created.body.paymentReference,
    });
    await waitFor('paid', async () => ((await statusOf(created.body.requestId)) === 'paid' ? true : undefined), 15000);
    const res = await call<{ payments: { txHash: string }[] }>('GET', `/v2/request/${created.body.requestId}`);
    expect(res.body.payments).toHaveLength(1);
    expect(res.body.payments[0].txHash).not.toBe(stray.txHash);
  }, 60000);

  it("pays a recurring invoice's period: payment.confirmed names the series' first request (originalRequestId)", async () => {
    const payee = Wallet.createRandom().address;
    const today = new Date().toISOString().slice(0, 10);
    const root = await call<{ requestId: string; paymentReference: string }>('POST', '/v2/request', {
      payee,
      amount: '4',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: today, frequency: 'DAILY' },
    });
    expect(root.status).toBe(201);
    clock.advance(24 * 3600 * 1000); // period 1 starts at 00:00 UTC tomorrow: the worker's next pass issues it
    const period = await waitFor(
      'period 1',
      () =>
        sqlOne<{ id: string; payment_reference: string }>(
          db,
          'SELECT id, payment_reference FROM requests WHERE original_request_id = $1 AND recurrence_period = 1',
          [root.body.requestId],
        ),
      15000,
    );
    const token = chain.deployment.tokens.USDC.address;
    const paid = await payWithReference(chain.provider, chain.deployment, {
      token,
      payee,
      amount: 4_000_000n,
      reference: period.payment_reference,
    });
    const event = await waitFor(
      'payment.confirmed',
      () =>
        sqlOne<{ payload: Record<string, unknown> }>(
          db,
          `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.confirmed'`,
          [period.id],
        ),
      15000,
    );
    expect(event.payload).toMatchObject({
      event: 'payment.confirmed',
      requestId: period.id,
      paymentReference: period.payment_reference,
      originalRequestId: root.body.requestId,
      originalRequestPaymentReference: root.body.paymentReference,
      txHash: paid.txHash,
      amount: '4.0',
    });
    expect((await call('GET', `/v2/request/${period.id}`)).body).toMatchObject({
      hasBeenPaid: true,
      originalRequestId: root.body.requestId,
    });
  }, 60000);
});
