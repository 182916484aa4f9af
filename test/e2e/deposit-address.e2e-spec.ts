import { Contract, JsonRpcProvider, NonceManager, toBeHex, Wallet } from 'ethers';
import { createDataSource, sqlOne } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { type createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const ORIGIN = 'https://shop.example';

interface DepositRecord {
  address: string;
  tokenAddress: string | null;
  amount: string;
  amountUnits: string;
  received: string;
  status: string;
  sweepTxHash: string | null;
  sweepGasCost: string | null;
  confirmations: { seen: number; required: number } | null;
}

// Pay by transfer with the built apps as processes: the page record's deposit address, paid by a plain
// ERC-20 transfer (as an exchange would send), is swept by chain-worker's relayer through the fee
// proxy and the request settles as any proxy payment. A fresh relayer and payer (anvil_setBalance)
// keep this file out of other files' nonces.
describe('pay by transfer end to end (payments-api + chain-worker, local chain)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let worker: AppHandle;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let db: DataSource;
  let provider: JsonRpcProvider;
  let payer: NonceManager;

  beforeAll(async () => {
    provider = new JsonRpcProvider(chain.rpcUrl, undefined, { cacheTimeout: -1, pollingInterval: 100 });
    const relayer = Wallet.createRandom();
    const payerWallet = Wallet.createRandom();
    for (const a of [relayer.address, payerWallet.address]) await provider.send('anvil_setBalance', [a, toBeHex(10n ** 20n)]);
    payer = new NonceManager(payerWallet.connect(provider));
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('dep'), {
      RATE_LIMIT_MULTIPLIER: '100',
      DETECTION_POLL_INTERVAL_MS: '200',
      DEPOSIT_POLL_INTERVAL_MS: '200',
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      RECURRING_ENABLED: 'false',
      CHAIN_CONFIRMATIONS: 'sepolia:1', // one block on top: the record counts it (blocks are mined below)
    });
    tenant = await createTenantIn(env, { allowedOrigins: [ORIGIN] });
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer).getFunction('mint');
    [api, worker] = await Promise.all([
      startTestApp('payments-api', env),
      startTestApp('chain-worker', env),
      (async () => ((await mint(payerWallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait())(),
    ]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    provider?.destroy();
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
  });

  const record = async (token: string) =>
    (await (
      await fetch(`${api.url}/v2/secure-payments/${token}`, { headers: { 'x-client-id': tenant.client.clientId, origin: ORIGIN } })
    ).json()) as { status: string; requestIds: string[]; deposit?: DepositRecord };

  it('a plain transfer to the record’s deposit address (short, then the rest) completes the payment', async () => {
    const res = await fetch(`${api.url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.apiKey.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [
          { payee: Wallet.createRandom().address, amount: '7.25', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
        ],
      }),
    });
    expect(res.status).toBe(201);
    const { token, requestIds } = (await res.json()) as { token: string; requestIds: string[] };
    const first = await record(token);
    expect(first.deposit).toMatchObject({
      tokenAddress: chain.tokens.USDC,
      amount: '7.25',
      amountUnits: '7250000',
      received: '0',
      status: 'awaiting',
    });
    const deposit = first.deposit!;

    const transfer = new Contract(chain.tokens.USDC, ['function transfer(address,uint256) returns (bool)'], payer).getFunction('transfer');
    await ((await transfer(deposit.address, 5_000_000n)) as { wait(): Promise<unknown> }).wait();
    // Seen at the head: its confirmations against the one required (0 of 1 unless another file's
    // transaction mined a block meanwhile); nothing is counted before the confirmation.
    const seen = await waitFor('the transfer seen', async () => {
      const d = (await record(token)).deposit;
      return d?.confirmations ? d : undefined;
    });
    expect(seen.confirmations?.required).toBe(1);
    if (seen.confirmations?.seen === 0) expect(seen).toMatchObject({ received: '0', status: 'awaiting' });
    await provider.send('evm_mine', []);
    await waitFor(
      'the short deposit on the record',
      async () => ((await record(token)).deposit?.status === 'partial' ? true : undefined),
      30000,
    );
    expect((await record(token)).deposit).toMatchObject({ received: '5', status: 'partial', confirmations: { seen: 1, required: 1 } });
    expect((await record(token)).status).toBe('pending');

    await ((await transfer(deposit.address, 2_250_000n)) as { wait(): Promise<unknown> }).wait();
    // Every read mines a block: the deposit and then the sweep get their one confirmation.
    await waitFor(
      'the payment completed',
      async () => ((await provider.send('evm_mine', []), (await record(token)).status === 'completed') ? true : undefined),
      60000,
    );
    const done = await waitFor('the sweep gas on the record', async () => {
      const d = (await record(token)).deposit;
      return d?.status === 'swept' ? d : undefined;
    });
    expect(BigInt(done.sweepGasCost!)).toBeGreaterThan(0n);
    const request = await sqlOne<{ status: string; tx_hash: string }>(db, 'SELECT status, tx_hash FROM requests WHERE id = $1', requestIds);
    expect(request).toEqual({ status: 'paid', tx_hash: done.sweepTxHash });
    const confirmed = await sqlOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.confirmed'`,
      requestIds,
    );
    expect(confirmed?.n).toBe(1);
    // The dashboard's request detail shows the deposit address, the sweep and its gas cost.
    const detail = (await (
      await fetch(`${api.url}/v2/requests/${requestIds[0]}`, { headers: { 'x-api-key': tenant.apiKey.apiKey } })
    ).json()) as {
      deposit?: DepositRecord;
    };
    expect(detail.deposit).toMatchObject({
      address: deposit.address,
      status: 'swept',
      sweepTxHash: done.sweepTxHash,
      sweepGasCost: done.sweepGasCost,
    });
  }, 120000);
});
