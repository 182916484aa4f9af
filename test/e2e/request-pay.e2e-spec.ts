import { verifyWebhook } from '@payrail/domain';
import { createDataSource } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { type ApiTransaction, ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

type Pay = { transactions: ApiTransaction[]; metadata: Record<string, unknown> };
type Status = Record<string, unknown> & { status: string; hasBeenPaid: boolean; expectedAmount: string; amountPaid: string };

// The built payments-api, chain-worker and webhook-worker as processes on a private anvil running
// Request Network's published bytecode: a request (created by POST /v2/payouts, which creates one)
// is paid with the transactions of GET /v2/request/{id}/pay, settled by the chain-worker, shown
// paid by GET /v2/request/{id}, and its payment events delivered signed to a receiver.
describe('paying a request with GET /v2/request/{id}/pay (built apps, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let apps: AppHandle[] = [];
  let ds: DataSource;
  let apiKey: string;
  let receiver: TestReceiver;
  let secret: string;
  let payer: ChainPayer;

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('rpay'), {
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    const tenant = await createTenantIn(env);
    apiKey = tenant.apiKey.apiKey;
    ds = createDataSource(databaseUrl, 2);
    await ds.initialize();
    receiver = await TestReceiver.start();
    secret = (await addEndpoint(ds, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url())).secret;
    // The private chain's funded payer: its tokens minted, ether from anvil.
    payer = new ChainPayer(chain.anvil.rpcUrl, ANVIL_ACCOUNTS[1].privateKey);
    apps = await Promise.all((['payments-api', 'chain-worker', 'webhook-worker'] as const).map((name) => startTestApp(name, env)));
  }, 120000);
  afterAll(async () => {
    payer?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await ds?.destroy();
    await chain?.stop();
  });

  const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${apps[0].url}${path}`, { headers: { 'x-api-key': apiKey } });
    return { status: res.status, body: (await res.json()) as T };
  };
  const create = async (terms: Record<string, string>): Promise<string> => {
    const res = await fetch(`${apps[0].url}/v2/payouts`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ payee: Wallet.createRandom().address, ...terms }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { requestId: string }).requestId;
  };
  const payTransactions = async (id: string, query = ''): Promise<Pay> => {
    const res = await get<Pay>(`/v2/request/${id}/pay?wallet=${payer.address}${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const status = async (id: string) => (await get<Status>(`/v2/request/${id}`)).body;
  const settled = (id: string, done: (s: Status) => boolean) =>
    waitFor(
      `request ${id} settled`,
      async () => {
        const s = await status(id);
        return done(s) ? s : undefined;
      },
      15000,
      50,
    );
  /** The n-th delivery of `event` for this request, signature checked. */
  const delivered = async (id: string, event: string, nth = 1): Promise<Record<string, unknown>> => {
    const match = (r: ReceivedWebhook) => r.body.includes(`"requestId":"${id}"`) && r.body.includes(`"event":"${event}"`);
    const hook = await receiver.waitUntil(match, nth, 20000);
    expect(verifyWebhook(hook.body, hook.headers['x-service-signature'] as string, secret)).toBe(true);
    return JSON.parse(hook.body) as Record<string, unknown>;
  };
  const eventsOf = (id: string) =>
    receiver.received.filter((r) => r.body.includes(`"requestId":"${id}"`)).map((r) => (JSON.parse(r.body) as { event: string }).event);

  it('ERC-20 with approval: routes, then /pay’s approval and payment settle the request paid, and payment.confirmed is delivered', async () => {
    const id = await create({ amount: '12.5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' });
    const routes = await get<{ routes: { id: string; chain: string; token: string }[]; platformFee: unknown }>(
      `/v2/request/${id}/routes?wallet=${payer.address}`,
    );
    expect(routes).toMatchObject({
      status: 200,
      body: { routes: [{ id: 'REQUEST_NETWORK_PAYMENT', chain: 'SEPOLIA', token: 'fUSDC' }], platformFee: null },
    });
    const { transactions, metadata } = await payTransactions(id);
    expect(metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    const receipts = await payer.submit(transactions);
    const paid = await settled(id, (s) => s.hasBeenPaid);
    expect(paid).toMatchObject({ status: 'paid', hasBeenPaid: true, amountPaid: '12.5', txHash: receipts.at(-1)!.hash });
    expect(await delivered(id, 'payment.confirmed')).toMatchObject({ requestId: id, txHash: receipts.at(-1)!.hash, amount: '12.5' });
    const again = await get<{ statusCode: number; message: string }>(`/v2/request/${id}/pay?wallet=${payer.address}`);
    expect(again).toMatchObject({ status: 409, body: { statusCode: 409, message: expect.stringMatching(/already paid/) } });
  }, 60000);

  it('native: one payment transaction with the value settles the request paid', async () => {
    const id = await create({ amount: '0.05', invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' });
    const { transactions, metadata } = await payTransactions(id);
    expect(metadata).toMatchObject({ stepsRequired: 1, needsApproval: false, approvalTransactionIndex: null, paymentTransactionIndex: 0 });
    const receipts = await payer.submit(transactions);
    expect(await settled(id, (s) => s.hasBeenPaid)).toMatchObject({ status: 'paid', amountPaid: '0.05', txHash: receipts[0].hash });
    expect(await delivered(id, 'payment.confirmed')).toMatchObject({ requestId: id, amount: '0.05' });
  }, 60000);

  it('USD conversion: the token amount fixed at creation is what /pay moves, and it settles paid', async () => {
    const id = await create({ amount: '12.50', invoiceCurrency: 'USD', paymentCurrency: 'fUSDC-sepolia' });
    const expected = (await status(id)).expectedAmount;
    const { transactions } = await payTransactions(id);
    await payer.submit(transactions);
    expect(await settled(id, (s) => s.hasBeenPaid)).toMatchObject({ status: 'paid', amountPaid: expected });
    expect(await delivered(id, 'payment.confirmed')).toMatchObject({ requestId: id });
  }, 60000);

  it('partial then rest, with a fee: partially paid with payment.partial delivered, then paid with payment.confirmed; fees add up', async () => {
    const feeAddress = Wallet.createRandom().address;
    const id = await create({
      amount: '10',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      feePercentage: '1',
      feeAddress,
    });
    await payer.submit((await payTransactions(id, '&amount=4')).transactions);
    expect(await settled(id, (s) => s.amountPaid === '4')).toMatchObject({ hasBeenPaid: false, status: expect.stringMatching(/^partial/) });
    expect(await delivered(id, 'payment.partial')).toMatchObject({ requestId: id });
    const tooMuch = await get<{ errors: { field: string; message: string }[] }>(`/v2/request/${id}/pay?amount=6.01`);
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'amount', message: expect.stringContaining('6 fUSDC-sepolia') }] },
    });
    const routes = await get<{ routes: { fee: number }[] }>(`/v2/request/${id}/routes?wallet=${payer.address}`);
    expect(routes.body.routes[0].fee).toBe(0.06); // the fee still due on the 6 that remain
    await payer.submit((await payTransactions(id)).transactions);
    expect(await settled(id, (s) => s.hasBeenPaid)).toMatchObject({ status: 'paid', amountPaid: '10', feePaid: '0.1' });
    expect(await delivered(id, 'payment.confirmed')).toMatchObject({ requestId: id });
    expect(await payer.tokenBalance(chain.deployment.tokens.USDC.address, feeAddress)).toBe(100_000n);
    // The short first payment raised an underpaid exception (issue #35), resolved when the rest arrived.
    expect(await delivered(id, 'payment.exception.resolved')).toMatchObject({ kind: 'underpaid', resolution: 'paid_in_full' });
    expect(eventsOf(id).sort()).toEqual(['payment.confirmed', 'payment.exception', 'payment.exception.resolved', 'payment.partial']);
  }, 60000);
});
