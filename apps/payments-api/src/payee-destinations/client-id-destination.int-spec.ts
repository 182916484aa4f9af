import { sqlOne } from '@payrail/persistence';
import { Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

interface ClientIdAnswer {
  id: string;
  clientId: string;
  payeeDestinationId: string | null;
  errors?: { field: string; message: string }[];
  message?: string;
}

// A Client ID bound to one of its platform's payee destinations (payeeDestinationId, as Request
// Network's Client IDs have it): POST /v2/request and POST /v2/payouts by that Client ID may omit
// payee, which is then the destination's wallet.
describe('Client IDs bound to a payee destination', () => {
  let p: PayoutsApi;
  let db: DataSource;
  const CURRENCIES = { invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };
  const destination = async (walletAddress: string, headers?: Record<string, string>) => {
    const res = await p.call<{ destinationId: string }>(
      'POST',
      '/v2/payee-destination',
      { walletAddress, currency: 'fUSDC-sepolia' },
      headers,
    );
    expect(res.status).toBe(201);
    return res.body.destinationId;
  };
  const clientId = (body: object) => p.call<ClientIdAnswer>('POST', '/v2/client-ids', { label: 'Backend', ...body });
  const payeeOf = async (requestId: string) =>
    (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [requestId]))!.payee;

  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
  });
  afterAll(() => p?.close());

  it('binds on creation; a bound backend Client ID creates a request and a payout without payee, paid to the destination', async () => {
    const wallet = Wallet.createRandom().address;
    const destinationId = await destination(wallet.toLowerCase());
    const bound = await clientId({ payeeDestinationId: destinationId.toLowerCase().replace(/#[0-9a-f]{8}/, '') });
    expect(bound.status).toBe(201);
    expect(bound.body.payeeDestinationId).toBe(destinationId);
    const as = { 'x-client-id': bound.body.clientId };
    const request = await p.call<{ requestId: string }>('POST', '/v2/request', { amount: '5', ...CURRENCIES }, as);
    expect(request.status).toBe(201);
    expect(await payeeOf(request.body.requestId)).toBe(wallet);
    const payout = await p.call<{ requestId: string }>('POST', '/v2/payouts', { amount: '6', ...CURRENCIES }, as);
    expect(payout.status).toBe(201);
    expect(await payeeOf(payout.body.requestId)).toBe(wallet);
    // A payee sent outright still wins.
    const other = Wallet.createRandom().address;
    const explicit = await p.call<{ requestId: string }>('POST', '/v2/payouts', { payee: other, amount: '6', ...CURRENCIES }, as);
    expect(await payeeOf(explicit.body.requestId)).toBe(other);
  });

  it('asks for payee (400) from an unbound Client ID, an API key, and a Client ID whose destination was deactivated', async () => {
    const unbound = await clientId({});
    for (const [route, headers] of [
      ['/v2/request', { 'x-client-id': unbound.body.clientId }],
      ['/v2/payouts', { 'x-client-id': unbound.body.clientId }],
      ['/v2/payouts', undefined],
    ] as const) {
      const res = await p.call<ClientIdAnswer>('POST', route, { amount: '1', ...CURRENCIES }, headers);
      expect([route, res.status, res.body.errors?.map((e) => e.field)]).toEqual([route, 400, ['payee']]);
    }
    const destinationId = await destination(Wallet.createRandom().address);
    const bound = await clientId({ payeeDestinationId: destinationId });
    expect((await p.call('DELETE', `/v2/payee-destination/${encodeURIComponent(destinationId)}`)).status).toBe(200);
    const res = await p.call<ClientIdAnswer>('POST', '/v2/payouts', { amount: '1', ...CURRENCIES }, { 'x-client-id': bound.body.clientId });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'payee', message: "payee is required: the Client ID's payee destination is deactivated (bind another or send payee)" },
    ]);
  });

  it("refuses to bind a malformed id, another platform's destination or a deactivated one (400 naming payeeDestinationId); PUT null unbinds", async () => {
    const theirs = await destination(Wallet.createRandom().address, { 'x-api-key': (await createTenant(p.api.app)).apiKey.apiKey });
    const off = await destination(Wallet.createRandom().address);
    await p.call('DELETE', `/v2/payee-destination/${encodeURIComponent(off)}`);
    for (const [value, message] of [
      ['nope', 'payeeDestinationId must be a destination id, <wallet>@eip155:<chainId>#<checksum>:<tokenAddress>'],
      [theirs, 'payeeDestinationId is not a payee destination of this platform (see GET /v2/payee-destination)'],
      [off, 'payeeDestinationId names a deactivated payee destination'],
    ]) {
      const res = await clientId({ payeeDestinationId: value });
      expect([res.status, res.body.errors]).toEqual([400, [{ field: 'payeeDestinationId', message }]]);
    }
    const mine = await destination(Wallet.createRandom().address);
    const created = await clientId({});
    const update = (payeeDestinationId: string | null) =>
      p.call<ClientIdAnswer>('PUT', `/v2/client-ids/${created.body.id}`, { payeeDestinationId });
    expect((await update(mine)).body.payeeDestinationId).toBe(mine);
    expect((await update(theirs)).status).toBe(400);
    expect((await update(null)).body.payeeDestinationId).toBeNull();
  });
});
