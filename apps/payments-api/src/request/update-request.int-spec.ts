import { CreateClientId } from '@payrail/tenancy';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const BODY = {
  payee: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '10',
  invoiceCurrency: 'fUSDC-sepolia',
  paymentCurrency: 'fUSDC-sepolia',
  recurrence: { startDate: '2030-01-01', frequency: 'MONTHLY' },
};
type Failure = { statusCode: number; message: string; error: string; errors?: { field: string }[] };

describe('PATCH /v2/request/{requestId} and POST /v2/request/payment-intents/{id}', () => {
  let p: PayoutsApi;
  beforeAll(async () => {
    p = await startPayoutsApi();
  });
  afterAll(() => p?.close());

  const create = async (headers?: Record<string, string>) =>
    (await p.call<{ requestId: string }>('POST', '/v2/request', BODY, headers)).body.requestId;

  it('answers exactly 200 with the status record, stopping then resuming the recurrence', async () => {
    const id = await create();
    const stopped = await p.call('PATCH', `/v2/request/${id}`, { isRecurrenceStopped: true });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ requestId: id, isRecurrenceStopped: true, recurrence: { frequency: 'MONTHLY' } });
    expect((await p.call('GET', `/v2/request/${id}`)).body).toMatchObject({ isRecurrenceStopped: true });
    const resumed = await p.call('PATCH', `/v2/request/${id}`, { isRecurrenceStopped: false });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ isRecurrenceStopped: false });
  });

  it('records the flag on a request that is not recurring (200; nothing to stop)', async () => {
    const payout = await p.call<{ requestId: string }>('POST', '/v2/payouts', { ...BODY, recurrence: undefined });
    const res = await p.call('PATCH', `/v2/request/${payout.body.requestId}`, { isRecurrenceStopped: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ recurrence: null, isRecurrenceStopped: true });
  });

  it.each([
    ['a missing isRecurrenceStopped', {}, 'isRecurrenceStopped'],
    ['a string', { isRecurrenceStopped: 'true' }, 'isRecurrenceStopped'],
    ['an unknown field', { isRecurrenceStopped: true, frequency: 'DAILY' }, 'frequency'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const id = await create();
    const res = await p.call<Failure>('PATCH', `/v2/request/${id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual([field]);
  });

  it("is 404 for an unknown request, another platform's and another Client ID's; 400 for a malformed id", async () => {
    expect((await p.call<Failure>('PATCH', `/v2/request/01${'0'.repeat(64)}`, { isRecurrenceStopped: true })).body).toMatchObject({
      statusCode: 404,
      message: 'Request not found',
    });
    const id = await create();
    const other = await createTenant(p.api.app);
    expect((await p.call('PATCH', `/v2/request/${id}`, { isRecurrenceStopped: true }, { 'x-api-key': other.apiKey.apiKey })).status).toBe(
      404,
    );
    expect(
      (await p.call('PATCH', `/v2/request/${id}`, { isRecurrenceStopped: true }, { 'x-client-id': p.tenant.client.clientId })).status,
    ).toBe(404);
    expect((await p.call('GET', `/v2/request/${id}`)).body).toMatchObject({ isRecurrenceStopped: false });
    const byClient = await create({ 'x-client-id': p.tenant.client.clientId });
    const sibling = await p.api.app.get(CreateClientId).execute({ platformId: p.tenant.platform.id });
    expect(
      (await p.call('PATCH', `/v2/request/${byClient}`, { isRecurrenceStopped: true }, { 'x-client-id': sibling.clientId })).status,
    ).toBe(404);
    expect(
      (await p.call('PATCH', `/v2/request/${byClient}`, { isRecurrenceStopped: true }, { 'x-client-id': p.tenant.client.clientId })).status,
    ).toBe(200);
    expect((await p.call<Failure>('PATCH', '/v2/request/nope', { isRecurrenceStopped: true })).status).toBe(400);
    expect((await p.call('PATCH', `/v2/request/${id}`, { isRecurrenceStopped: true }, {})).status).toBe(401);
  });

  it('payment intents: a readable 400 in the error shape, whatever the body, for an API key or a Client ID; 401 without credentials', async () => {
    for (const headers of [undefined, { 'x-client-id': p.tenant.client.clientId }]) {
      const res = await p.call<Failure>(
        'POST',
        '/v2/request/payment-intents/01JNZYZPK7B4YBPD44TM72NDNJ',
        { signedPaymentIntent: { signature: '0x00', nonce: '1', deadline: '2' } },
        headers,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message).toMatch(/^Payment intents are not offered: Payrail does not execute cross-chain payments/);
    }
    expect((await p.call('POST', '/v2/request/payment-intents/x', {}, {})).status).toBe(401);
  });
});
