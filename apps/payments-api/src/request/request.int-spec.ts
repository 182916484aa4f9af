import { sqlExecute, sqlOne } from '@payrail/persistence';
import { CreateClientId } from '@payrail/tenancy';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const BODY = {
  payee: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '10.25',
  invoiceCurrency: 'fUSDC-sepolia',
  paymentCurrency: 'fUSDC-sepolia',
};

describe('GET /v2/request/{requestId}', () => {
  let p: PayoutsApi;
  beforeAll(async () => {
    p = await startPayoutsApi();
  });
  afterAll(() => p?.close());

  it('shows the owner the status, expected and paid amounts, txHash and paymentReference', async () => {
    const created = await p.call<{ requestId: string; paymentReference: string }>('POST', '/v2/payouts', {
      ...BODY,
      feePercentage: '1',
      feeAddress: BODY.payee,
    });
    const res = await p.call('GET', `/v2/request/${created.body.requestId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      requestId: created.body.requestId,
      paymentReference: created.body.paymentReference,
      status: 'pending',
      hasBeenPaid: false,
      txHash: null,
      paidAt: null,
      network: 'sepolia',
      payee: BODY.payee,
      payer: null,
      invoiceCurrency: 'fUSDC-sepolia',
      invoiceAmount: '10.25',
      paymentCurrency: 'fUSDC-sepolia',
      expectedAmount: '10.25',
      amountPaid: '0',
      feePercentage: '1',
      feeAmount: '0.1025',
      customerInfo: null,
      reference: null,
    });
  });

  it('reflects what payment detection writes (status, amount paid, txHash)', async () => {
    const created = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY);
    const txHash = '0x' + 'ab'.repeat(32);
    await sqlExecute(
      p.api.app.get(DataSource),
      `UPDATE requests SET status = 'paid', amount_paid = expected_amount, tx_hash = $2, paid_at = now() WHERE id = $1`,
      [created.body.requestId, txHash],
    );
    const res = await p.call('GET', `/v2/request/${created.body.requestId}`);
    expect(res.body).toMatchObject({ status: 'paid', hasBeenPaid: true, amountPaid: '10.25', txHash });
  });

  it('is 404 for another platform and for a Client ID that did not create it; the creating Client ID sees it', async () => {
    const created = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY);
    const other = await createTenant(p.api.app);
    expect((await p.call('GET', `/v2/request/${created.body.requestId}`, undefined, { 'x-api-key': other.apiKey.apiKey })).status).toBe(
      404,
    );
    expect(
      (await p.call('GET', `/v2/request/${created.body.requestId}`, undefined, { 'x-client-id': p.tenant.client.clientId })).status,
    ).toBe(404);
    const byClient = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, { 'x-client-id': p.tenant.client.clientId });
    const seen = await p.call('GET', `/v2/request/${byClient.body.requestId}`, undefined, { 'x-client-id': p.tenant.client.clientId });
    expect(seen.status).toBe(200);
    const sibling = await p.api.app.get(CreateClientId).execute({ platformId: p.tenant.platform.id });
    expect((await p.call('GET', `/v2/request/${byClient.body.requestId}`, undefined, { 'x-client-id': sibling.clientId })).status).toBe(
      404,
    );
    expect((await p.call('GET', `/v2/request/${byClient.body.requestId}`)).status).toBe(200); // the platform's API key
  });

  it('answers 404 Request not found for an unknown id and 400 for a malformed one', async () => {
    expect(await p.call('GET', `/v2/request/01${'0'.repeat(64)}`)).toMatchObject({ status: 404, body: { message: 'Request not found' } });
    const bad = await p.call<{ errors: { field: string }[] }>('GET', '/v2/request/0xnope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field)).toEqual(['requestId']);
  });

  it('stores customerInfo encrypted at rest', async () => {
    const created = await p.call<{ requestId: string }>('POST', '/v2/payouts', { ...BODY, customerInfo: { email: 'ada@example.com' } });
    const row = (await sqlOne<{ customer_info_encrypted: string }>(
      p.api.app.get(DataSource),
      'SELECT customer_info_encrypted FROM requests WHERE id = $1',
      [created.body.requestId],
    ))!;
    expect(row.customer_info_encrypted).toMatch(/^v1:/);
    expect(row.customer_info_encrypted).not.toContain('ada@');
  });
});
