import { writeFile } from 'node:fs/promises';
import { publishedArtifact } from '@payrail/chains';
import { verifyWebhook } from '@payrail/domain';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { ContractFactory, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { approveProxy, payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// The built payments-api, chain-worker and webhook-worker as processes on a private anvil (the
// reversal test rewinds it): settlement's fee and proxy rules seen over GET /v2/request/{id} and
// in the outbox, and a chain revert delivered as a signed payment.reversed webhook.
describe('settlement checks the whole payment, and a reversal is delivered signed (built apps, private chain)', () => {
  let chain: Chain;
  let otherProxy: string;
  let ds: DataSource;
  let apps: AppHandle[] = [];
  let apiKey: string;
  let platformId: string;
  let receiver: TestReceiver;
  let secret: string;
  const feeAddress = Wallet.createRandom().address;

  beforeAll(async () => {
    chain = await startPrivateChain();
    // A second, genuine ERC20FeeProxy (Request Network's published bytecode) that detection also
    // watches: payments through it are recorded, never counted toward a request of the first.
    const { abi, bytecode } = publishedArtifact('ERC20FeeProxy');
    const deployer = new Wallet(ANVIL_ACCOUNTS[2].privateKey, chain.provider);
    const contract = await new ContractFactory(abi, bytecode, deployer).deploy();
    otherProxy = await contract.getAddress();
    await contract.waitForDeployment();
    const deployment = { ...chain.deployment, contracts: { ...chain.deployment.contracts, Erc20ConversionProxy: otherProxy } };
    await writeFile(chain.deploymentFile, JSON.stringify(deployment));
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('fee'), {
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    const tenant = await createTenantIn(env);
    apiKey = tenant.apiKey.apiKey;
    platformId = tenant.platform.id;
    ds = createDataSource(databaseUrl, 2);
    await ds.initialize();
    receiver = await TestReceiver.start();
    secret = (await addEndpoint(ds, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url())).secret;
    apps = await Promise.all((['payments-api', 'chain-worker', 'webhook-worker'] as const).map((name) => startTestApp(name, env)));
  }, 120000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await ds?.destroy();
    await chain?.stop();
  });

  const usdc = () => chain.deployment.tokens.USDC.address;
  const request = (fee: bigint) =>
    insertRequest(ds, {
      payee: Wallet.createRandom().address,
      token: usdc(),
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 2_000_000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
      fee,
      feeAddress: fee > 0n ? feeAddress : undefined,
      platformId,
    });
  const payeeOf = async (id: string) => (await sqlOne<{ payee: string }>(ds, 'SELECT payee FROM requests WHERE id = $1', [id]))!.payee;
  const pay = async (
    req: { requestId: string; reference: string },
    opts: { amount?: bigint; fee: bigint; feeAddress?: string; proxy?: string },
  ) =>
    payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(req.requestId),
      amount: opts.amount ?? 2_000_000n,
      fee: opts.fee,
      feeAddress: opts.feeAddress ?? feeAddress,
      reference: req.reference,
      proxy: opts.proxy,
    });
  const view = async (id: string) =>
    (await (await fetch(`${apps[0].url}/v2/request/${id}`, { headers: { 'x-api-key': apiKey } })).json()) as Record<string, unknown>;
  const statusIs = (id: string, status: string) =>
    waitFor(`request ${status}`, async () => ((await view(id)).status === status ? true : undefined), 10000, 50);
  const outbox = async (id: string) =>
    sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
      ds,
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id`,
      [id],
    );

  it('happy path: the amount with the full fee to the fee address is paid, shown with its fee, with payment.confirmed', async () => {
    const req = await request(20_000n);
    const paid = await pay(req, { fee: 20_000n });
    await statusIs(req.requestId, 'paid');
    expect(await view(req.requestId)).toMatchObject({
      status: 'paid',
      hasBeenPaid: true,
      amountPaid: '2',
      feeAmount: '0.02',
      feePaid: '0.02',
    });
    const events = await outbox(req.requestId);
    expect(events.map((e) => e.event_type)).toEqual(['payment.confirmed']);
    expect(events[0].payload).toMatchObject({
      txHash: paid.txHash,
      fees: [{ type: 'platform', amount: '0.02', currency: 'fUSDC-sepolia' }],
    });
  }, 30000);

  it('zero fee (the payer calls the fee proxy himself): fee_short with payment.failed, then a fee top-up makes it paid with payment.confirmed', async () => {
    const req = await request(20_000n);
    const short = await pay(req, { fee: 0n });
    await statusIs(req.requestId, 'fee_short');
    expect(await view(req.requestId)).toMatchObject({
      status: 'fee_short',
      hasBeenPaid: false,
      amountPaid: '2',
      feeAmount: '0.02',
      feePaid: '0',
    });
    const [failed, ...none] = await outbox(req.requestId);
    expect(none).toEqual([]);
    expect(failed.event_type).toBe('payment.failed');
    expect(failed.payload).toMatchObject({
      event: 'payment.failed',
      requestId: req.requestId,
      requestID: req.requestId,
      paymentReference: req.reference,
      subStatus: 'fee_short',
      paymentProcessor: 'payrail',
      txHash: short.txHash,
      expectedFeeAmount: '0.02',
      paidFeeAmount: '0.0',
    });
    const delivered = await receiver.waitUntil((r) => r.body.includes(`"requestId":"${req.requestId}"`));
    expect(JSON.parse(delivered.body)).toMatchObject({ event: 'payment.failed', subStatus: 'fee_short', expectedFeeAmount: '0.02' });

    const topUp = await pay(req, { amount: 0n, fee: 20_000n });
    await statusIs(req.requestId, 'paid');
    expect(await view(req.requestId)).toMatchObject({
      status: 'paid',
      hasBeenPaid: true,
      amountPaid: '2',
      feePaid: '0.02',
      txHash: topUp.txHash,
    });
    expect((await outbox(req.requestId)).map((e) => e.event_type)).toEqual(['payment.failed', 'payment.confirmed']);
  }, 30000);

  it('a fee paid to another address leaves the request fee_short', async () => {
    const req = await request(20_000n);
    await pay(req, { fee: 20_000n, feeAddress: Wallet.createRandom().address });
    await statusIs(req.requestId, 'fee_short');
    expect(await view(req.requestId)).toMatchObject({ hasBeenPaid: false, feePaid: '0' });
    expect((await outbox(req.requestId)).map((e) => [e.event_type, e.payload.subStatus, e.payload.paidFeeAmount])).toEqual([
      ['payment.failed', 'fee_short', '0.0'],
    ]);
  }, 30000);

  it('a request without a fee is paid whatever fee the payer adds', async () => {
    const req = await request(0n);
    await pay(req, { fee: 5_000n, feeAddress: Wallet.createRandom().address });
    await statusIs(req.requestId, 'paid');
    expect((await outbox(req.requestId)).map((e) => e.event_type)).toEqual(['payment.confirmed']);
  }, 30000);

  it('a payment through another proxy contract is recorded but never counted', async () => {
    const req = await request(20_000n);
    const paid = await pay(req, { fee: 20_000n, proxy: otherProxy });
    const recorded = await waitFor(
      'the transfer recorded',
      async () =>
        sqlOne<{ contract: string; settled_at: Date | null }>(ds, 'SELECT contract, settled_at FROM payment_transfers WHERE tx_hash = $1', [
          paid.txHash,
        ]),
      10000,
      50,
    );
    expect(recorded.contract.toLowerCase()).toBe(otherProxy.toLowerCase());
    await waitFor('settled', async () => {
      const row = await sqlOne<{ settled_at: Date | null }>(ds, 'SELECT settled_at FROM payment_transfers WHERE tx_hash = $1', [
        paid.txHash,
      ]);
      return row!.settled_at ? true : undefined;
    });
    expect(await view(req.requestId)).toMatchObject({ status: 'pending', amountPaid: '0', feePaid: '0', txHash: null });
    expect(await outbox(req.requestId)).toEqual([]);
  }, 30000);

  it('a chain revert puts a paid request back to pending within seconds and delivers one signed payment.reversed', async () => {
    const req = await request(20_000n);
    await approveProxy(chain.provider, chain.deployment.contracts.ERC20FeeProxy, usdc(), 2_020_000n);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const paid = await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: await payeeOf(req.requestId),
      amount: 2_000_000n,
      fee: 20_000n,
      feeAddress,
      reference: req.reference,
      approved: true,
    });
    await statusIs(req.requestId, 'paid');
    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    const reverted = Date.now();
    await statusIs(req.requestId, 'pending');
    expect(Date.now() - reverted).toBeLessThan(5000);
    const isReversal = (body: string) => body.startsWith('{"event":"payment.reversed"') && body.includes(req.requestId);
    const delivery = await receiver.waitUntil((r) => isReversal(r.body), 1, 15000);
    expect(verifyWebhook(delivery.body, delivery.headers['x-service-signature'] as string, secret)).toBe(true);
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'payment.reversed',
      requestId: req.requestId,
      requestID: req.requestId,
      paymentReference: req.reference,
      network: 'sepolia',
      currency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      txHashes: [paid.txHash],
      amountReversed: '2.0',
      totalAmountPaid: '0.0',
      expectedAmount: '2.0',
      status: 'pending',
    });
    for (let i = 0; i < 5; i++) await chain.provider.send('evm_mine', []);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received.filter((r) => isReversal(r.body))).toHaveLength(1);
    expect((await outbox(req.requestId)).map((e) => e.event_type)).toEqual(['payment.confirmed', 'payment.reversed']);
  }, 40000);
});
