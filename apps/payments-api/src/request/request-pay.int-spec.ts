import { sqlExecute } from '@payrail/persistence';
import { CreateClientId } from '@payrail/tenancy';
import { Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const FEES = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const BODY = { payee: PAYEE, amount: '10.25', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };

type Tx = { data: string; to: string; value: unknown };
type Pay = { transactions: Tx[]; metadata: Record<string, unknown> };
type Created = Pay & { requestId: string; paymentReference: string };
type Invalid = { statusCode: number; message: string; error: string; errors: { field: string; message: string }[] };
type Routes = { routes: Record<string, unknown>[]; platformFee: { percentage: string; address: string } | null };

// GET /v2/request/{id}/pay and /routes in process on the shared chain: the same calldata as
// POST /v2/payouts for the same request, partial amounts and fees, every refusal in the error shape.
describe('GET /v2/request/{requestId}/pay and /routes', () => {
  let p: PayoutsApi;
  beforeAll(async () => {
    p = await startPayoutsApi();
  });
  afterAll(() => p?.close());

  const create = async (body: object = BODY, headers?: Record<string, string>) =>
    (await p.call<Created>('POST', '/v2/payouts', { ...BODY, ...body }, headers)).body;
  const pay = (id: string, query = '', headers?: Record<string, string>) =>
    p.call<Pay>('GET', `/v2/request/${id}/pay${query}`, undefined, headers);
  const routes = (id: string, query = '', headers?: Record<string, string>) =>
    p.call<Routes>('GET', `/v2/request/${id}/routes?wallet=${WALLET}${query}`, undefined, headers);
  const db = () => p.api.app.get(DataSource);

  it('answers the very transactions POST /v2/payouts answered for the request (ERC-20, native, with and without a fee)', async () => {
    for (const body of [
      {},
      { feePercentage: '2.5', feeAddress: FEES },
      { amount: '0.01', invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' },
    ]) {
      const created = await create(body);
      const res = await pay(created.requestId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ transactions: created.transactions, metadata: created.metadata });
    }
  });

  it('reads the wallet in exactly one RPC round trip, and answers the payout’s transactions for the same wallet', async () => {
    const created = await create({ payerWallet: WALLET });
    await p.rpc.reset();
    const res = await pay(created.requestId, `?wallet=${WALLET}`);
    expect(res.status).toBe(200);
    expect(await p.rpc.roundTrips()).toEqual([
      { methods: ['eth_getBalance', 'eth_gasPrice', 'eth_call', 'eth_call', 'eth_estimateGas', 'eth_estimateGas'] },
    ]);
    expect(res.body).toEqual({ transactions: created.transactions, metadata: created.metadata });
  });

  it('pays part of a request: the amount asked, then by default what remains, each with its share of the request’s fee', async () => {
    const created = await create({ feePercentage: '1', feeAddress: FEES });
    const part = await pay(created.requestId, '?amount=4');
    expect(part.status).toBe(200);
    // transferFromWithReferenceAndFee(token, to, amount, reference, feeAmount, feeAddress): 4 fUSDC with its 1 % fee.
    const payment = part.body.transactions.at(-1)!.data;
    expect(payment).toContain((4_000_000).toString(16).padStart(64, '0'));
    expect(payment).toContain((40_000).toString(16).padStart(64, '0'));
    await sqlExecute(db(), `UPDATE requests SET status = 'partial', amount_paid = 4000000, fee_paid = 40000 WHERE id = $1`, [
      created.requestId,
    ]);
    const rest = (await pay(created.requestId)).body.transactions.at(-1)!.data;
    expect(rest).toContain((6_250_000).toString(16).padStart(64, '0'));
    expect(rest).toContain((62_500).toString(16).padStart(64, '0')); // 102_500 due - 40_000 paid
  });

  it('applies the query fee on top of a request without one, and refuses changing the fee of a request that has one', async () => {
    const plain = await create();
    const withFee = await pay(plain.requestId, `?feePercentage=2&feeAddress=${FEES}`);
    expect(withFee.body.transactions.at(-1)!.data).toContain((205_000).toString(16).padStart(64, '0'));
    expect(withFee.body.transactions.at(-1)!.data.toLowerCase()).toContain(FEES.slice(2).toLowerCase());
    const own = await create({ feePercentage: '1', feeAddress: FEES });
    expect((await pay(own.requestId, `?feePercentage=1.0&feeAddress=${FEES.toLowerCase()}`)).status).toBe(200);
    const changed = await pay(own.requestId, `?feePercentage=3&feeAddress=${FEES}`);
    expect(changed.status).toBe(400);
    expect((changed.body as unknown as Invalid).errors).toEqual([
      { field: 'feePercentage', message: expect.stringContaining('its own fee') },
    ]);
  });

  it.each([
    ['wallet', '?wallet=0xnope'],
    ['amount', '?amount=abc'],
    ['amount', '?amount=0'],
    ['amount', '?amount=1.1234567'],
    ['amount', '?amount=10.26'],
    ['feePercentage', '?feePercentage=101&feeAddress=' + FEES],
    ['feePercentage', '?feeAddress=' + FEES],
    ['feeAddress', '?feePercentage=1'],
    ['feeAddress', '?feePercentage=1&feeAddress=nope'],
    ['chain', '?chain=MOON'],
    ['token', '?token=DOGE'],
    ['chain', '?chain=BASE&token=USDC'],
    ['token', '?chain=SEPOLIA&token=USDT'],
    ['paymentDetailsId', '?clientUserId=ada%40example.com'],
    ['clientUserId', '?paymentDetailsId=fa898aec-519c-46be-9b4c-e76ef4ff99d9'],
    ['surprise', '?surprise=1'],
  ])('/pay answers 400 naming %s for %s', async (field, query) => {
    const created = await create();
    const res = await pay(created.requestId, query);
    expect(res.status).toBe(400);
    const body = res.body as unknown as Invalid;
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^Validation failed/) });
    expect(body.errors.map((e) => e.field)).toEqual([field]);
  });

  it('says cross-chain execution is not offered for a route on another network', async () => {
    const created = await create();
    const res = await pay(created.requestId, '?chain=BASE&token=USDC');
    expect((res.body as unknown as Invalid).message).toMatch(
      /Cross-chain payment is not offered: this request is paid on SEPOLIA in fUSDC/,
    );
  });

  it('routes: the direct route, with its fee, USD value and platformFee; /pay with its chain and token answers its transactions', async () => {
    const created = await create();
    const res = await routes(created.requestId, `&feePercentage=2&feeAddress=${FEES}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      routes: [
        {
          id: 'REQUEST_NETWORK_PAYMENT',
          chain: 'SEPOLIA',
          token: 'fUSDC',
          fee: 0.205,
          feeInUSD: expect.any(Number),
          speed: 'FAST',
          price_impact: 0,
          feeBreakdown: [
            {
              type: 'platform',
              stage: 'sending',
              provider: 'payrail',
              amount: '0.205',
              amountInUSD: expect.stringMatching(/^0\.2[01]$/),
              currency: 'fUSDC-sepolia',
              receiverAddress: FEES,
              network: 'sepolia',
              rateProvider: 'chainlink',
            },
          ],
        },
      ],
      platformFee: { percentage: '2', address: FEES },
    });
    const [route] = res.body.routes;
    const viaRoute = await pay(created.requestId, `?chain=${String(route.chain)}&token=${String(route.token)}`);
    expect(viaRoute.body).toEqual({ transactions: created.transactions, metadata: created.metadata });
    const free = await routes(created.requestId, '&amount=1');
    expect(free.body).toMatchObject({ routes: [{ fee: 0, feeInUSD: 0, feeBreakdown: [] }], platformFee: null });
  });

  it.each([
    ['wallet', ''],
    ['wallet', '?wallet=nope'],
    ['amount', `?wallet=${WALLET}&amount=-1`],
    ['feeAddress', `?wallet=${WALLET}&feePercentage=1`],
  ])('/routes answers 400 naming %s for "%s"', async (field, query) => {
    const created = await create();
    const res = await p.call<Invalid>('GET', `/v2/request/${created.requestId}/routes${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual([field]);
  });

  it('is 409 once paid, 404 for an unknown request, another platform or another Client ID, and Wallet not found for a Tron wallet', async () => {
    const created = await create();
    const other = await createTenant(p.api.app);
    expect((await pay(created.requestId, '', { 'x-api-key': other.apiKey.apiKey })).status).toBe(404);
    expect((await routes(created.requestId, '', { 'x-api-key': other.apiKey.apiKey })).status).toBe(404);
    expect((await pay(created.requestId, '', { 'x-client-id': p.tenant.client.clientId })).status).toBe(404);
    expect(await pay(`01${'0'.repeat(64)}`)).toMatchObject({ status: 404, body: { message: 'Request not found' } });
    expect((await pay('0xnope')).status).toBe(400);
    expect(await pay(created.requestId, '?wallet=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchObject({
      status: 404,
      body: { message: 'Wallet not found' },
    });
    await sqlExecute(db(), `UPDATE requests SET status = 'paid', amount_paid = expected_amount WHERE id = $1`, [created.requestId]);
    for (const res of [await pay(created.requestId), await routes(created.requestId)]) {
      expect(res).toMatchObject({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: expect.stringMatching(/already paid/) },
      });
    }
  });

  it('Client ID: sees the requests it created, which carry its fee; one that lists origins needs Origin', async () => {
    const feeClient = await p.api.app
      .get(CreateClientId)
      .execute({ platformId: p.tenant.platform.id, feePercentage: '1', feeAddress: FEES });
    const created = await create({}, { 'x-client-id': feeClient.clientId });
    const res = await pay(created.requestId, '', { 'x-client-id': feeClient.clientId });
    expect(res.status).toBe(200);
    expect(res.body.transactions.at(-1)!.data).toContain((102_500).toString(16).padStart(64, '0'));
    const other = await pay(created.requestId, `?feePercentage=5&feeAddress=${Wallet.createRandom().address}`, {
      'x-client-id': feeClient.clientId,
    });
    expect(other.status).toBe(400);
    expect((await routes(created.requestId, '', { 'x-client-id': feeClient.clientId })).body.platformFee).toEqual({
      percentage: '1.00',
      address: FEES,
    });
    expect((await pay(created.requestId)).status).toBe(200); // the platform's API key
    const browser = await p.api.app
      .get(CreateClientId)
      .execute({ platformId: p.tenant.platform.id, allowedOrigins: ['https://shop.example'] });
    const mine = await create({}, { 'x-client-id': browser.clientId, origin: 'https://shop.example' });
    expect((await pay(mine.requestId, '', { 'x-client-id': browser.clientId })).status).toBe(401);
    expect((await pay(mine.requestId, '', { 'x-client-id': browser.clientId, origin: 'https://shop.example' })).status).toBe(200);
    expect((await pay(mine.requestId, '', { 'x-client-id': feeClient.clientId })).status).toBe(404);
  });
});
