import { Contract, Wallet } from 'ethers';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { type ApiTransaction, ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

/** A payer of its own (no nonce races with other test files), funded by minting the local test token. */
async function fundedPayer(rpcUrl: string, token: string): Promise<ChainPayer> {
  const payer = new ChainPayer(rpcUrl, ANVIL_ACCOUNTS[5].privateKey);
  const mint = new Contract(token, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
  await ((await mint(payer.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  return payer;
}

// The built payments-api and chain-worker as processes: a payout paid with the API's own
// transactions is detected, settled, and its payment.confirmed written within 2 s of its block.
describe('payment detection end to end (payments-api + chain-worker processes, local chain)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let worker: AppHandle;
  let apiKey: string;
  let db: DataSource;
  let payer: ChainPayer;
  let workerEnv: Record<string, string>;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('det'), { RATE_LIMIT_MULTIPLIER: '100', DETECTION_POLL_INTERVAL_MS: '200' });
    workerEnv = env;
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    [api, worker, payer] = await Promise.all([
      startTestApp('payments-api', env),
      startTestApp('chain-worker', env),
      fundedPayer(chain.rpcUrl, chain.tokens.USDC),
    ]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    payer?.close();
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
  });

  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as T;
  };

  it('settles an ERC20 payout paid with the returned transactions and writes payment.confirmed within 2 s', async () => {
    const payee = Wallet.createRandom().address;
    const payout = await call<{ requestId: string; paymentReference: string; transactions: ApiTransaction[] }>('POST', '/v2/payouts', {
      payee,
      amount: '12.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      payerWallet: payer.address,
    });
    expect(payout.transactions.length).toBeGreaterThanOrEqual(1);
    const receipts = await payer.submit(payout.transactions);
    const mined = Date.now();
    const block = await payer.provider.getBlock(receipts.at(-1)!.blockNumber);
    const event = await waitFor(
      'payment.confirmed in the outbox',
      async () => {
        return sqlOne<{ payload: Record<string, unknown> }>(
          db,
          `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.confirmed'`,
          [payout.requestId],
        );
      },
      10000,
      20,
    );
    const elapsed = Date.now() - mined;
    expect(elapsed).toBeLessThan(2000);
    expect(event.payload).toMatchObject({
      requestId: payout.requestId,
      paymentReference: payout.paymentReference,
      amount: '12.5',
      txHash: receipts.at(-1)!.hash,
      network: 'sepolia',
    });
    expect(event.payload.timestamp).toBe(new Date(block!.timestamp * 1000).toISOString());
    const status = await call<Record<string, unknown>>('GET', `/v2/request/${payout.requestId}`);
    expect(status).toMatchObject({
      status: 'paid',
      hasBeenPaid: true,
      amountPaid: '12.5',
      txHash: receipts.at(-1)!.hash,
      paymentReference: payout.paymentReference,
    });
  }, 30000);

  it('loses and doubles nothing when the worker is killed -9 mid-stream and restarted', async () => {
    const payouts: { requestId: string; transactions: ApiTransaction[] }[] = [];
    for (let i = 0; i < 4; i++) {
      payouts.push(
        await call<{ requestId: string; transactions: ApiTransaction[] }>('POST', '/v2/payouts', {
          payee: Wallet.createRandom().address,
          amount: '1',
          invoiceCurrency: 'fUSDC-sepolia',
          paymentCurrency: 'fUSDC-sepolia',
          payerWallet: payer.address,
        }),
      );
    }
    const paidCount = async () =>
      (await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM requests WHERE id = ANY($1) AND status = 'paid'`, [
        payouts.map((p) => p.requestId),
      ]))!.n;
    await payer.submit(payouts[0].transactions);
    await waitFor('the first settlement', async () => ((await paidCount()) >= 1 ? true : undefined), 10000, 20);
    expect(await worker.kill()).toBe('SIGKILL');
    for (const p of payouts.slice(1)) await payer.submit(p.transactions);
    worker = await startTestApp('chain-worker', workerEnv);
    await waitFor('every settlement', async () => ((await paidCount()) === 4 ? true : undefined), 15000, 50);
    const rows = await sqlRows<{ aggregate_id: string; n: number }>(
      db,
      `SELECT aggregate_id, count(*)::int AS n FROM outbox_events WHERE event_type = 'payment.confirmed' AND aggregate_id = ANY($1) GROUP BY 1`,
      [payouts.map((p) => p.requestId)],
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.n).toBe(1);
  }, 60000);

  it('reports the network lag in readiness', async () => {
    const ready = (await (await fetch(`${worker.url}/health/ready`)).json()) as {
      details: { detection: { networks: Record<string, { lag: number; leader: boolean }> } };
    };
    expect(ready.details.detection.networks.sepolia).toMatchObject({ leader: true, lag: expect.any(Number) });
    expect(ready.details.detection.networks.sepolia.lag).toBeLessThan(5);
  });
});
