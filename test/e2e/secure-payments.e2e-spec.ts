import { encodeApprove, encodeErc20FeeProxyPayment } from '@payrail/permits';
import { Contract, Wallet } from 'ethers';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { type createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const ORIGIN = 'https://shop.example';

// The built payments-api and chain-worker as processes: a secure payment's request, paid on the
// local chain by a payer of its own (ANVIL_ACCOUNTS[6], no nonce races), is settled by detection
// and the page's record flips to completed.
describe('secure payment completed end to end (payments-api + chain-worker, local chain)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let worker: AppHandle;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let db: DataSource;
  let payer: ChainPayer;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('sp'), { RATE_LIMIT_MULTIPLIER: '100', DETECTION_POLL_INTERVAL_MS: '200' });
    tenant = await createTenantIn(env, { allowedOrigins: [ORIGIN] });
    payer = new ChainPayer(chain.rpcUrl, ANVIL_ACCOUNTS[6].privateKey);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    [api, worker] = await Promise.all([
      startTestApp('payments-api', env),
      startTestApp('chain-worker', env),
      (async () => ((await mint(payer.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait())(),
    ]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    payer?.close();
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
  });

  const page = async (token: string) =>
    (await (
      await fetch(`${api.url}/v2/secure-payments/${token}`, { headers: { 'x-client-id': tenant.client.clientId, origin: ORIGIN } })
    ).json()) as {
      status: string;
      amount: string;
      payee: string;
    };

  it('flips the record to completed once detection settles its request, with the transition in the outbox', async () => {
    const payee = Wallet.createRandom().address;
    const res = await fetch(`${api.url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.apiKey.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ payee, amount: '7.25', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }] }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { token: string; requestIds: string[] };
    expect(await page(created.token)).toMatchObject({ status: 'pending', amount: '7.25', payee });
    const rows = await sqlRows<{ payment_reference: string }>(
      db,
      'SELECT payment_reference FROM requests WHERE id = $1',
      created.requestIds,
    );
    const proxy = chain.contracts.ERC20FeeProxy;
    await payer.submit([
      { to: chain.tokens.USDC, data: encodeApprove(proxy, 7_250_000n), value: 0 },
      {
        to: proxy,
        data: encodeErc20FeeProxyPayment(chain.tokens.USDC, {
          to: payee,
          amount: 7_250_000n,
          paymentReference: rows[0].payment_reference,
          feeAmount: 0n,
        }),
        value: 0,
      },
    ]);
    await waitFor(
      'the secure payment completed',
      async () => ((await page(created.token)).status === 'completed' ? true : undefined),
      10000,
      50,
    );
    const events = await sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
      db,
      'SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1',
      [created.token],
    );
    expect(events).toEqual([
      {
        event_type: 'secure_payment.status_changed',
        payload: expect.objectContaining({ from: 'pending', to: 'completed', reason: 'settled' }) as unknown,
      },
    ]);
  }, 30000);
});
