import { Contract, Wallet } from 'ethers';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { waitFor, type AppHandle } from '@payrail/devstack';
import { type ApiTransaction, ChainPayer, setEtherBalance, valueOf } from '@payrail/test-support/payments-api/chain-payer.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const ORIGIN = 'https://shop.example';

// A batch link end to end, built apps as processes on the local chain: two payout links combined
// by POST /v2/secure-payments/batch-payouts, paid by one transaction through Request Network's
// published BatchConversionPayments as the page sends it, reported as the intent; chain-worker's
// detection settles both requests and the batch link completes, with each request's payment.confirmed.
describe('batch payout link: paid in one batch transaction on the local chain, then completed by detection', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let worker: AppHandle;
  let apiKey: string;
  let clientId: string;
  let db: DataSource;
  let payer: ChainPayer;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('batchlink'), { RATE_LIMIT_MULTIPLIER: '100', DETECTION_POLL_INTERVAL_MS: '60000' });
    const tenant = await createTenantIn(env, { allowedOrigins: [ORIGIN] });
    apiKey = tenant.apiKey.apiKey;
    clientId = tenant.client.clientId;
    payer = new ChainPayer(chain.rpcUrl, Wallet.createRandom().privateKey);
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

  const call = async <T>(method: string, path: string, body?: object, headers: Record<string, string> = { 'x-api-key': apiKey }) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const page = () => ({ 'x-client-id': clientId, origin: ORIGIN });

  it('completes the batch link once its one transaction is mined and reported', async () => {
    const payees = [Wallet.createRandom().address, Wallet.createRandom().address];
    const tokens: string[] = [];
    for (const [i, recipient] of payees.entries()) {
      const res = await call<{ token: string }>('POST', '/v2/secure-payments/payouts', {
        recipient,
        creatorWalletAddress: payer.address,
        network: 'sepolia',
        currency: 'fUSDC-sepolia',
        amount: i === 0 ? '4' : '6.25',
      });
      expect(res.status).toBe(201);
      tokens.push(res.body.token);
    }
    const created = await call<{ token: string; requestIds: string[] }>('POST', '/v2/secure-payments/batch-payouts', { tokens });
    expect(created.status).toBe(201);
    const { token, requestIds } = created.body;
    const pay = await call<{ ERC20ApprovalTransactions: ApiTransaction[]; batchPaymentTransaction: ApiTransaction }>(
      'GET',
      `/v2/secure-payments/${token}/pay?wallet=${payer.address}`,
      undefined,
      page(),
    );
    expect(pay.status).toBe(200);
    await payer.submit(pay.body.ERC20ApprovalTransactions);
    const batch = pay.body.batchPaymentTransaction;
    const sent = await payer.signer.sendTransaction({ to: batch.to, data: batch.data, value: valueOf(batch.value) });
    await sent.wait();
    expect(await payer.tokenBalance(chain.tokens.USDC, payees[0])).toBe(4_000_000n);
    expect(await payer.tokenBalance(chain.tokens.USDC, payees[1])).toBe(6_250_000n);
    const intent = await call<{ isListening: boolean }>(
      'POST',
      `/v2/secure-payments/${token}/intent`,
      { txHash: sent.hash, chain: 'sepolia' },
      page(),
    );
    expect(intent.status).toBe(202);
    await waitFor(
      'the batch link completes',
      async () =>
        (await call<{ status: string }>('GET', `/v2/secure-payments/${token}`, undefined, page())).body.status === 'completed'
          ? true
          : undefined,
      10000,
      50,
    );
    const confirmed = await sqlRows<{ aggregate_id: string; payload: Record<string, unknown> }>(
      db,
      `SELECT aggregate_id, payload FROM outbox_events WHERE event_type = 'payment.confirmed' AND aggregate_id = ANY($1) ORDER BY aggregate_id`,
      [requestIds],
    );
    expect(confirmed.map((c) => c.aggregate_id)).toEqual([...requestIds].sort());
    expect(confirmed.every((c) => c.payload.txHash === sent.hash)).toBe(true);
    const record = await call<{ status: string; hasBeenPaid: boolean[] }>('GET', `/v2/secure-payments/${token}`, undefined, page());
    expect(record.body).toMatchObject({ status: 'completed', hasBeenPaid: [true, true] });
    const paid = await call<{ message: string }>('GET', `/v2/secure-payments/${token}/pay`, undefined, page());
    expect([paid.status, paid.body.message]).toEqual([409, 'Secure payment is already paid (completed): it can no longer be paid']);
    // The payout links it replaced stay invalidated (their requests are paid by the batch).
    for (const t of tokens)
      expect((await call<{ status: string }>('GET', `/v2/secure-payments/${t}`, undefined, page())).body.status).toBe('invalidated');
  }, 60000);
});
