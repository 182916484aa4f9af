import { createDataSource, sqlOne } from '@payrail/persistence';
import type { AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import type { DataSource } from 'typeorm';

/**
 * What easy-invoice (RequestNetwork/easy-invoice, src/server/routers/invoice.ts) sends, replayed
 * byte for byte as its axios client sends it: a server-side client with `x-api-key`, JSON bodies
 * (undefined fields dropped by JSON.stringify), no Origin, axios' default Accept and User-Agent.
 */
const AXIOS_HEADERS = { accept: 'application/json, text/plain, */*', 'content-type': 'application/json', 'user-agent': 'axios/1.8.4' };

interface InvoiceForm {
  items: { price: number; quantity: number }[];
  invoiceCurrency: string;
  paymentCurrency: string;
  walletAddress?: string;
  isRecurring: boolean;
  startDate?: string;
  frequency?: string;
  isCryptoToFiatAvailable: boolean;
}

/** createInvoiceHelper's body: the total is a float sum, sent with toString(); payee left undefined for crypto-to-fiat. */
function createBody(input: InvoiceForm): string {
  const totalAmount = input.items.reduce((acc, item) => acc + item.price * item.quantity, 0);
  const payee = input.isCryptoToFiatAvailable ? undefined : input.walletAddress;
  return JSON.stringify({
    amount: totalAmount.toString(),
    payee,
    invoiceCurrency: input.invoiceCurrency,
    paymentCurrency: input.paymentCurrency,
    isCryptoToFiatAvailable: input.isCryptoToFiatAvailable,
    ...(input.isRecurring && { recurrence: { startDate: input.startDate, frequency: input.frequency } }),
  });
}

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe("easy-invoice's request calls, replayed against the built payments-api", () => {
  let api: AppHandle;
  let apiKey: string;
  let db: DataSource;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('ei'), { RATE_LIMIT_MULTIPLIER: '100' });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    api = await startTestApp('payments-api', env);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    await db?.destroy();
    await api?.stop();
  });

  const send = async (method: string, path: string, body?: string) => {
    const res = await fetch(`${api.url}${path}`, { method, headers: { ...AXIOS_HEADERS, 'x-api-key': apiKey }, body });
    return { status: res.status, data: (await res.json()) as Record<string, unknown> };
  };

  it('creates an invoice (201 {requestId, paymentReference}) that GET /v2/request/{id} shows', async () => {
    const body = createBody({
      items: [{ price: 12.5, quantity: 2 }],
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      walletAddress: WALLET,
      isRecurring: false,
      isCryptoToFiatAvailable: false,
    });
    expect(body).toBe(
      `{"amount":"25","payee":"${WALLET}","invoiceCurrency":"fUSDC-sepolia","paymentCurrency":"fUSDC-sepolia","isCryptoToFiatAvailable":false}`,
    );
    const created = await send('POST', '/v2/request', body);
    expect(created.status).toBe(201); // easy-invoice accepts 200 or 201
    expect(Object.keys(created.data).sort()).toEqual(['paymentReference', 'requestId']);
    const status = await send('GET', `/v2/request/${String(created.data.requestId)}`);
    expect(status.status).toBe(200);
    expect(status.data).toMatchObject({
      requestId: created.data.requestId,
      paymentReference: created.data.paymentReference,
      hasBeenPaid: false,
      isListening: true,
      txHash: null,
      status: 'pending',
      isCryptoToFiatAvailable: false,
      payments: [],
    });
  });

  it('answers a float-artefact total with a 400 naming amount when the currency cannot hold it, and accepts it when it can', async () => {
    const items = [
      { price: 0.1, quantity: 1 },
      { price: 0.2, quantity: 1 },
    ];
    const inUsdc = createBody({
      items,
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      walletAddress: WALLET,
      isRecurring: false,
      isCryptoToFiatAvailable: false,
    });
    expect(inUsdc).toContain('"amount":"0.30000000000000004"');
    const refused = await send('POST', '/v2/request', inUsdc);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'amount' }] });
    expect(String(refused.data.message)).toContain('amount has 17 decimals');
    const inEth = createBody({
      items,
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
      walletAddress: WALLET,
      isRecurring: false,
      isCryptoToFiatAvailable: false,
    });
    expect((await send('POST', '/v2/request', inEth)).status).toBe(201);
    const tiny = createBody({
      items: [{ price: 0.0000001, quantity: 1 }],
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
      walletAddress: WALLET,
      isRecurring: false,
      isCryptoToFiatAvailable: false,
    });
    expect(tiny).toContain('"amount":"1e-7"');
    const created = await send('POST', '/v2/request', tiny);
    expect(created.status).toBe(201);
    expect((await send('GET', `/v2/request/${String(created.data.requestId)}`)).data).toMatchObject({ expectedAmount: '0.0000001' });
  });

  it.each([
    ['a date input', '2030-03-01'],
    ['an ISO date-time (z.coerce.date() serialised)', new Date('2030-03-01').toISOString()],
  ])('creates a recurring invoice with startDate as %s, then stops it (PATCH answers exactly 200)', async (_case, startDate) => {
    const body = createBody({
      items: [{ price: 49.99, quantity: 1 }],
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      walletAddress: WALLET,
      isRecurring: true,
      startDate,
      frequency: 'MONTHLY',
      isCryptoToFiatAvailable: false,
    });
    const created = await send('POST', '/v2/request', body);
    expect(created.status).toBe(201);
    const requestId = String(created.data.requestId);
    expect((await send('GET', `/v2/request/${requestId}`)).data).toMatchObject({
      recurrence: { startDate: '2030-03-01T00:00:00.000Z', frequency: 'MONTHLY' },
      isRecurrenceStopped: false,
    });
    const stopped = await send('PATCH', `/v2/request/${requestId}`, JSON.stringify({ isRecurrenceStopped: true }));
    expect(stopped.status).toBe(200);
    expect((await send('GET', `/v2/request/${requestId}`)).data).toMatchObject({ isRecurrenceStopped: true });
    const row = await sqlOne<{ next_period_at: Date | null }>(db, 'SELECT next_period_at FROM requests WHERE id = $1', [requestId]);
    expect(row?.next_period_at).toBeNull();
  });

  it.each(['ETH-sepolia-sepolia'])(
    'creates a USD invoice paid in %s (a payment currency of USD invoices in easy-invoice) by conversion',
    async (currency) => {
      const body = createBody({
        items: [{ price: 19.99, quantity: 3 }],
        invoiceCurrency: 'USD',
        paymentCurrency: currency,
        walletAddress: WALLET,
        isRecurring: false,
        isCryptoToFiatAvailable: false,
      });
      expect(body).toContain('"amount":"59.97"');
      const created = await send('POST', '/v2/request', body);
      expect(created.status).toBe(201);
      expect((await send('GET', `/v2/request/${String(created.data.requestId)}`)).data).toMatchObject({
        invoiceCurrency: 'USD',
        invoiceAmount: '59.97',
        paymentCurrency: currency,
        amountInUsd: '59.97',
        rateSource: 'chainlink',
      });
    },
  );

  it('answers a USD invoice paid in FAU-sepolia, which has no USD rate locally, with a 400 naming paymentCurrency', async () => {
    const body = createBody({
      items: [{ price: 10, quantity: 1 }],
      invoiceCurrency: 'USD',
      paymentCurrency: 'FAU-sepolia',
      walletAddress: WALLET,
      isRecurring: false,
      isCryptoToFiatAvailable: false,
    });
    const res = await send('POST', '/v2/request', body);
    expect(res).toMatchObject({ status: 400, data: { errors: [{ field: 'paymentCurrency' }] } });
    expect(res.data.message).toBe(
      'Validation failed: paymentCurrency: No conversion from USD to FAU-sepolia: No FAU-sepolia/USD rate on sepolia (see GET /v2/currencies/USD/conversion-routes)',
    );
  });

  it('answers a crypto-to-fiat invoice (no payee) with a readable 400 naming payee, not a 404 or 500', async () => {
    const body = createBody({
      items: [{ price: 100, quantity: 1 }],
      invoiceCurrency: 'USD',
      paymentCurrency: 'fUSDC-sepolia',
      walletAddress: WALLET,
      isRecurring: false,
      isCryptoToFiatAvailable: true,
    });
    expect(body).not.toContain('payee');
    const res = await send('POST', '/v2/request', body);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ errors: [{ field: 'payee' }] });
    expect(String(res.data.message)).toMatch(/crypto-to-fiat.*not offered/);
  });

  it('answers sendPaymentIntent with a readable 400 in the error shape', async () => {
    const payload = { signedPaymentIntent: { signature: '0xab', nonce: '1', deadline: '1893456000' } };
    const res = await send('POST', '/v2/request/payment-intents/01JNZYZPK7B4YBPD44TM72NDNJ', JSON.stringify(payload));
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(String(res.data.message)).toMatch(/Payment intents are not offered/);
  });
});
