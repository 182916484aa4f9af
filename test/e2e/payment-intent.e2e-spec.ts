import { Contract, Wallet } from 'ethers';
import { createDataSource, sqlOne } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { waitFor, type AppHandle } from '@payrail/devstack';
import { type ApiTransaction, ChainPayer, setEtherBalance, valueOf } from '@payrail/test-support/payments-api/chain-payer.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const ORIGIN = 'https://shop.example';
/** Detection's regular pass runs at boot, then only every minute: within a test, only an intent can settle quickly. */
const POLL_MS = '60000';

// The built payments-api and chain-worker as processes, detection polling once a minute: the page's
// intent makes the chain-worker fetch the receipt at once and settle the payment within 3 s of it;
// an intent naming a bogus hash or another payment's transaction settles nothing.
describe('payment intents end to end (payments-api + chain-worker processes, local chain, detection polling every 60 s)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let worker: AppHandle;
  let apiKey: string;
  let clientId: string;
  let db: DataSource;
  let payer: ChainPayer;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('intent'), { RATE_LIMIT_MULTIPLIER: '100', DETECTION_POLL_INTERVAL_MS: POLL_MS });
    const tenant = await createTenantIn(env, { allowedOrigins: [ORIGIN] });
    apiKey = tenant.apiKey.apiKey;
    clientId = tenant.client.clientId;
    // A payer of its own (no nonce races with other files): ether set on the chain, tokens minted.
    const key = Wallet.createRandom().privateKey;
    payer = new ChainPayer(chain.rpcUrl, key);
    await setEtherBalance(chain.rpcUrl, payer.address, 10n ** 20n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(payer.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
    [api, worker] = await Promise.all([startTestApp('payments-api', env), startTestApp('chain-worker', env)]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    payer?.close();
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
  });

  const page = { 'x-client-id': '', origin: ORIGIN };
  const call = async <T>(method: string, path: string, body?: object, headers: Record<string, string> = { 'x-api-key': apiKey }) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const asPage = () => ({ ...page, 'x-client-id': clientId });
  const open = async () =>
    (
      await call<{ token: string; requestIds: string[] }>('POST', '/v2/secure-payments', {
        requests: [
          { payee: Wallet.createRandom().address, amount: '3', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
        ],
      })
    ).body;
  const transactionsOf = async (token: string) => {
    const res = await call<{ transactions: ApiTransaction[] }>(
      'GET',
      `/v2/secure-payments/${token}/pay?wallet=${payer.address}`,
      undefined,
      asPage(),
    );
    expect(res.status).toBe(200);
    return res.body.transactions;
  };
  const intent = (token: string, txHash: string) =>
    call<{ intentId: string; isListening: boolean }>('POST', `/v2/secure-payments/${token}/intent`, { txHash, chain: 'sepolia' }, asPage());
  const status = async (token: string) =>
    (await call<{ status: string }>('GET', `/v2/secure-payments/${token}`, undefined, asPage())).body.status;
  const requestStatus = async (requestId: string) =>
    (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [requestId]))!.status;
  const outcomeOf = (intentId: string) =>
    waitFor(
      'the intent outcome',
      async () =>
        (await sqlOne<{ outcome: string | null }>(db, 'SELECT outcome FROM payment_intents WHERE id = $1', [intentId]))?.outcome ??
        undefined,
      5000,
      20,
    );
  /** Sends the approval (mined), then the payment without waiting, as a wallet would; answers the payment's hash and its mining. */
  const payWithoutWaiting = async (transactions: ApiTransaction[]) => {
    await payer.submit(transactions.slice(0, -1));
    const last = transactions.at(-1)!;
    const sent = await payer.signer.sendTransaction({ to: last.to, data: last.data, value: valueOf(last.value) });
    return { hash: sent.hash, mined: sent.wait() };
  };

  it('settles a paid secure payment within 3 s of its receipt through the intent, while a payment paid without one stays pending', async () => {
    const withIntent = await open();
    const without = await open();
    const control = await payWithoutWaiting(await transactionsOf(without.token));
    await control.mined;
    // Paid on chain, no intent: 3 s later detection's regular pass has not come, so it is still pending.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await requestStatus(without.requestIds[0])).toBe('pending');
    const sent = await payWithoutWaiting(await transactionsOf(withIntent.token));
    const reported = await intent(withIntent.token, sent.hash);
    expect(reported.status).toBe(202);
    expect(reported.body.isListening).toBe(true);
    const receipt = (await sent.mined)!;
    const minedAt = Date.now();
    await waitFor(
      'the intent settles the request',
      async () => ((await requestStatus(withIntent.requestIds[0])) === 'paid' ? true : undefined),
      3000,
      20,
    );
    expect(Date.now() - minedAt).toBeLessThan(3000);
    expect(await status(withIntent.token)).toBe('completed');
    expect(await outcomeOf(reported.body.intentId)).toBe('matched');
    const confirmed = await sqlOne<{ payload: Record<string, unknown> }>(
      db,
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.confirmed'`,
      [withIntent.requestIds[0]],
    );
    expect(confirmed?.payload).toMatchObject({ requestId: withIntent.requestIds[0], txHash: receipt.hash, amount: '3.0' });
    // The pass the intent woke settled whatever the chain holds of ours, the payment paid without an intent too.
    expect(await requestStatus(without.requestIds[0])).toBe('paid');
    const paid = await call<{ status: string }>('GET', `/v2/secure-payments/${withIntent.token}/pay`, undefined, asPage());
    expect(paid.status).toBe(409);
  }, 60000);

  it("settles nothing on a bogus hash or on another payment's transaction, whatever the intent claims", async () => {
    const target = await open();
    const bogus = await intent(target.token, `0x${'12'.repeat(32)}`);
    expect(bogus.status).toBe(202);
    const other = await open();
    const sent = await payWithoutWaiting(await transactionsOf(other.token));
    await sent.mined;
    const misreported = await intent(target.token, sent.hash);
    expect(misreported.status).toBe(202);
    expect(await outcomeOf(misreported.body.intentId)).toBe('no_matching_transfer');
    // The woken pass settled what the chain holds (the other payment), and nothing for the target.
    await waitFor(
      'the other payment settles',
      async () => ((await requestStatus(other.requestIds[0])) === 'paid' ? true : undefined),
      3000,
      20,
    );
    expect(await requestStatus(target.requestIds[0])).toBe('pending');
    expect(await status(target.token)).toBe('pending');
    // The node does not know the bogus hash: still in its grace checks (one per new block), or dropped.
    expect([null, 'unknown_transaction']).toContain(
      (await sqlOne<{ outcome: string | null }>(db, 'SELECT outcome FROM payment_intents WHERE id = $1', [bogus.body.intentId]))!.outcome,
    );
  }, 60000);
});
