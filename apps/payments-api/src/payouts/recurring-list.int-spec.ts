import type { RecurringPaymentPermit } from '@payrail/permits';
import { sqlExecute } from '@payrail/persistence';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { testStack } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { CreateClientId } from '@payrail/tenancy';
import { getAddress, toBeHex, Wallet } from 'ethers';
import { DataSource } from 'typeorm';

type Item = {
  id: string;
  status: string;
  payer: string;
  amountPerPayment: string;
  processedPayments: number;
  remainingPayments: number;
  remainingAmount: string;
  nextPaymentDate: string | null;
};
type Page = { data: Item[]; nextCursor: string | null };
type Created = { id: string; transactions: { to: string; data: string; value: string }[]; recurringPaymentPermit: RecurringPaymentPermit };

const PAYEE = getAddress('0x00000000000000000000000000000000000a11ce');
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('GET /v2/payouts/recurring and cancel by session: progress, next execution, the allowance decrease the browser sends', () => {
  const chain = testStack().chain;
  const payerWallet = Wallet.createRandom();
  let payer: ChainPayer;
  let p: PayoutsApi;
  let db: DataSource;
  let bearer: Record<string, string>;
  let otherBearer: Record<string, string>;

  const create = async (totalPayments = 3) => {
    const res = await p.call<Created>('POST', '/v2/payouts', {
      payee: PAYEE,
      amount: '10',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: tomorrow, frequency: 'DAILY', totalPayments, payer: payerWallet.address },
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const list = (query = '', headers = bearer) => p.call<Page>('GET', `/v2/payouts/recurring${query}`, undefined, headers);
  const ids = (page: Page) => page.data.map((i) => i.id);

  beforeAll(async () => {
    p = await startPayoutsApi({ DASHBOARD_ORIGINS: 'https://dashboard.payrail.test' });
    db = p.api.app.get(DataSource);
    bearer = { authorization: `Bearer ${await platformSession(p.api.app, p.tenant.platform.id, 'wallet')}` };
    const other = await createTenant(p.api.app);
    otherBearer = { authorization: `Bearer ${await platformSession(p.api.app, other.platform.id)}` };
    payer = new ChainPayer(chain.rpcUrl, payerWallet.privateKey);
    await payer.provider.send('anvil_setBalance', [payerWallet.address, toBeHex(10n ** 18n)]);
  });
  afterAll(async () => {
    payer?.close();
    await p?.close();
  });

  it('lists the platform schedules newest first with processed/remaining payments, remaining amount and next execution', async () => {
    const first = await create(3);
    const second = await create(2);
    await sqlExecute(db, `UPDATE recurring_payments SET status = 'active', processed_payments = 1 WHERE id = $1`, [first.id]);
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([second.id, first.id]);
    const [, active] = res.body.data;
    const due = Date.parse(`${tomorrow}T00:00:00Z`) + 86_400_000;
    expect(active).toMatchObject({
      status: 'active',
      payer: payerWallet.address,
      amountPerPayment: '10',
      processedPayments: 1,
      remainingPayments: 2,
      remainingAmount: '20',
      nextPaymentDate: new Date(due).toISOString(),
    });
    expect(ids((await list('?status=active')).body)).toEqual([first.id]);
    expect(ids((await list(`?payer=${payerWallet.address.toLowerCase()}&limit=1`)).body)).toEqual([second.id]);
    const page1 = await list('?limit=1');
    const page2 = await list(`?limit=1&cursor=${page1.body.nextCursor}`);
    expect([...ids(page1.body), ...ids(page2.body)]).toEqual([second.id, first.id]);
    expect(ids((await list('', { 'x-api-key': p.tenant.apiKey.apiKey })).body)).toEqual([second.id, first.id]);
    expect(ids((await list('', otherBearer)).body)).toEqual([]);
  });

  it('cancels with a session through the PATCH use case: the answer names the sender and network, and the approve it gives lowers the allowance when the subscriber sends it', async () => {
    const { id, recurringPaymentPermit: permit, transactions } = await create(3);
    const signature = await payerWallet.signTypedData(permit.domain, permit.types, permit.values);
    expect((await p.call('POST', `/v2/payouts/recurring/${id}`, { permitSignature: signature })).status).toBe(201);
    await payer.submit(transactions);
    const proxy = chain.contracts.ERC20RecurringPaymentProxy;
    const before = await payer.allowance(chain.tokens.USDC, proxy);
    expect((await p.call('PATCH', `/v2/payouts/recurring/${id}`, { action: 'cancel' }, otherBearer)).status).toBe(404);
    const res = await p.call<{ status: string; transactions: Created['transactions']; sender: { address: string; network: string } }>(
      'PATCH',
      `/v2/payouts/recurring/${id}`,
      { action: 'cancel' },
      bearer,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', sender: { address: payerWallet.address, network: 'sepolia' } });
    await payer.submit(res.body.transactions);
    expect(await payer.allowance(chain.tokens.USDC, proxy)).toBe(before - 30_000_000n);
    expect((await list('?status=cancelled')).body.data.map((i) => i.id)).toContain(id);
  });

  it('refuses a cookie-borne cancel from a foreign Origin (CSRF) and leaves the schedule as it was', async () => {
    const { id } = await create(2);
    const token = await platformSession(p.api.app, p.tenant.platform.id);
    const res = await p.call(
      'PATCH',
      `/v2/payouts/recurring/${id}`,
      { action: 'cancel' },
      {
        cookie: `__Host-session_token=${token}`,
        origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect(ids((await list('?status=awaiting_signature&limit=100')).body)).toContain(id);
  });

  it('is 401 without credentials and 403 with a Client ID on the list', async () => {
    expect((await list('', {})).status).toBe(401);
    const browser = await p.api.app.get(CreateClientId).execute({ platformId: p.tenant.platform.id });
    expect((await list('', { 'x-client-id': browser.clientId })).status).toBe(403);
  });

  it.each([
    ['?status=running', 'status'],
    ['?network=mars', 'network'],
    ['?payer=0x12', 'payer'],
    ['?limit=101', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ])('answers 400 in the error shape for %s', async (query, field) => {
    const res = await p.call<{ statusCode: number; errors: { field: string }[] }>(
      'GET',
      `/v2/payouts/recurring${query}`,
      undefined,
      bearer,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });
});
