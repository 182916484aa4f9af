import { sqlRows } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { bankDetails, compliantPayer } from '@payrail/test-support/payer/offramp-payer.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { PAYMENT_DETAILS_CIPHER } from '../payments/offramp/offramp.tokens.js';

type Failure = { statusCode: number; message: string; error: string; errors?: { field: string; message: string }[] };
type Detail = Record<string, string>;
type Tx = { data: string; to: string };

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const INVOICE = { payee: PAYEE, amount: '25', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };

// POST/GET /v2/payer/{clientUserId}/payment-details, the sandbox provider's decisions, and GET
// /v2/request/{id}/pay to an off-ramp's deposit address, in process over real HTTP and Postgres.
describe('payment details and crypto-to-fiat pay (sandbox off-ramp provider)', () => {
  let p: PayoutsApi;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let seq = 0;
  beforeAll(async () => {
    p = await startPayoutsApi();
    other = await createTenant(p.api.app);
  });
  afterAll(() => p?.close());

  const db = () => p.api.app.get(DataSource);
  const as = (key: string) => ({ 'x-api-key': key });
  const details = (user: string, body: object = bankDetails(), headers?: Record<string, string>) =>
    p.call<{ payment_detail: Detail } & Failure>('POST', `/v2/payer/${encodeURIComponent(user)}/payment-details`, body, headers);
  const list = (user: string, query = '', headers?: Record<string, string>) =>
    p.call<{ paymentDetails: Detail[] } & Failure>(
      'GET',
      `/v2/payer/${encodeURIComponent(user)}/payment-details${query}`,
      undefined,
      headers,
    );
  const decide = (id: string, outcome: string) =>
    p.call<{ status: string; changed: boolean }>('POST', `/sandbox/offramp/payment-details/${id}/decision`, { outcome });
  const newPayer = async (compliant = true) => {
    const user = `payer-${++seq}+${Date.now()}@example.com`;
    await compliantPayer(p.api.url, (m, path, body) => p.call(m, path, body), user, compliant);
    return user;
  };
  const outbox = (aggregateId: string) =>
    sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
      db(),
      'SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id',
      [aggregateId],
    );

  it('registers details (201 in Request Network’s shape), ignoring a client record’s own keys and taking a lower-case currency', async () => {
    const user = await newPayer();
    const res = await details(user);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      payment_detail: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        clientUserId: user,
        bankName: 'Chase',
        accountName: 'Acme Corp Business Account',
        currency: 'USD',
        beneficiaryType: 'business',
      },
    });
  });

  it('stores account numbers only encrypted (bound to the row) and answers them masked, with the status', async () => {
    const user = await newPayer();
    const { id } = (await details(user)).body.payment_detail;
    const [row] = await sqlRows<Record<string, unknown>>(db(), 'SELECT * FROM payment_details WHERE id = $1', [id]);
    expect(JSON.stringify(row)).not.toContain('253009233489');
    expect(JSON.stringify(row)).not.toContain('026013356');
    const cipher = p.api.app.get<FieldCipher>(PAYMENT_DETAILS_CIPHER);
    expect(JSON.parse(cipher.decrypt(row.details_encrypted as string, id))).toMatchObject({
      accountNumber: '253009233489',
      postalCode: '90723',
    });
    expect(() => cipher.decrypt(row.details_encrypted as string, '00000000-0000-4000-8000-000000000000')).toThrow();
    const read = await list(user, `?paymentDetailsId=${id}`);
    expect(read.status).toBe(200);
    expect(read.body.paymentDetails).toEqual([
      expect.objectContaining({
        id,
        bankName: 'Chase',
        accountName: 'Acme Corp Business Account',
        beneficiaryType: 'business',
        currency: 'USD',
        status: 'pending',
        rails: 'local',
        accountNumber: '********3489',
        routingNumber: '*****3356',
      }),
    ]);
    expect(JSON.stringify(read.body)).not.toContain('253009233489');
  });

  it.each([
    ['bankName', { bankName: undefined }],
    ['accountName', { accountName: '' }],
    ['beneficiaryType', { beneficiaryType: 'company' }],
    ['currency', { currency: 'dollars' }],
    ['addressLine1', { addressLine1: undefined }],
    ['city', { city: 7 }],
    ['country', { country: 'USA' }],
    ['dateOfBirth', { dateOfBirth: '12/12/1985' }],
    ['postalCode', { postalCode: undefined }],
    ['rails', { rails: 'ach' }],
    ['accountNumber', { accountNumber: '2530<script>' }],
    ['iban', { iban: 'x'.repeat(65) }],
    ['accountType', { accountType: 'current' }],
  ])('refuses a bad %s with a 400 naming it', async (field, over) => {
    const user = await newPayer(false);
    const res = await details(user, bankDetails(over));
    expect(res.status).toBe(400);
    expect([...new Set(res.body.errors?.map((e) => e.field))]).toEqual([field]);
  });

  it('answers 404 for an unknown payer and another platform’s payer, on both routes; a bad paymentDetailsId is a 400', async () => {
    const user = await newPayer(false);
    const { id } = (await details(user)).body.payment_detail;
    expect((await details('nobody@example.com')).body).toEqual({
      statusCode: 404,
      message: 'Payer with client user ID nobody@example.com not found',
      error: 'Not Found',
    });
    expect((await details(user, bankDetails(), as(other.apiKey.apiKey))).status).toBe(404);
    expect((await list(user, '', as(other.apiKey.apiKey))).status).toBe(404);
    expect(
      (await p.call('POST', `/sandbox/offramp/payment-details/${id}/decision`, { outcome: 'approved' }, as(other.apiKey.apiKey))).status,
    ).toBe(404);
    const bad = await list(user, '?paymentDetailsId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['paymentDetailsId']);
  });

  it('the sandbox decision approves details once: payment_detail.updated in the outbox, a repeat changes nothing', async () => {
    const user = await newPayer();
    const { id } = (await details(user)).body.payment_detail;
    expect((await decide(id, 'approved')).body).toEqual({ changed: true, status: 'approved' });
    expect((await decide(id, 'failed')).body).toEqual({ changed: false, status: 'approved' });
    expect((await list(user)).body.paymentDetails.map((d) => d.status)).toEqual(['approved']);
    const events = await outbox(id);
    expect(events.map((e) => e.event_type)).toEqual(['payment_detail.updated']);
    expect(events[0].payload).toMatchObject({
      event: 'payment_detail.updated',
      paymentDetailsId: id,
      clientUserId: user,
      status: 'approved',
    });
  });

  it('GET /v2/payers/{userId}/payment-details (the dashboard’s) answers the same masked records, for its own platform only', async () => {
    const user = await newPayer(false);
    const { id } = (await details(user)).body.payment_detail;
    const [{ userId }] = (await list(user)).body.paymentDetails;
    const res = await p.call<{ paymentDetails: Detail[] } & Failure>('GET', `/v2/payers/${userId}/payment-details`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await list(user)).body);
    expect(res.body.paymentDetails.map((d) => [d.id, d.accountNumber, d.status])).toEqual([[id, '********3489', 'pending']]);
    expect((await p.call('GET', `/v2/payers/${userId}/payment-details`, undefined, as(other.apiKey.apiKey))).status).toBe(404);
    const bad = await p.call<Failure>('GET', '/v2/payers/abc/payment-details');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['userId']);
  });

  describe('GET /v2/request/{id}/pay with clientUserId and paymentDetailsId', () => {
    const invoice = async (over: object = {}) =>
      (await p.call<{ requestId: string }>('POST', '/v2/request', { ...INVOICE, isCryptoToFiatAvailable: true, ...over })).body.requestId;
    const pay = (id: string, user: string, detailsId: string) =>
      p.call<{ transactions: Tx[] } & Failure>(
        'GET',
        `/v2/request/${id}/pay?clientUserId=${encodeURIComponent(user)}&paymentDetailsId=${detailsId}`,
      );
    const approved = async (user: string) => {
      const { id } = (await details(user)).body.payment_detail;
      await decide(id, 'approved');
      return id;
    };

    it('pays the off-ramp’s deposit address under the request’s reference, the same one on every call', async () => {
      const user = await newPayer();
      const detailsId = await approved(user);
      const id = await invoice();
      const first = await pay(id, user, detailsId);
      expect(first.status).toBe(200);
      const [offramp] = await sqlRows<{ deposit_address: string; offramp_id: string; state: string }>(
        db(),
        'SELECT deposit_address, offramp_id, state FROM offramps WHERE request_id = $1',
        [id],
      );
      expect(offramp).toMatchObject({ offramp_id: expect.stringMatching(/^offramp_[0-9a-f]{24}$/), state: 'awaiting_deposit' });
      const payment = first.body.transactions.at(-1)!.data.toLowerCase();
      expect(payment).toContain(offramp.deposit_address.slice(2).toLowerCase());
      expect(payment).not.toContain(PAYEE.slice(2).toLowerCase());
      const [{ payment_reference: reference }] = await sqlRows<{ payment_reference: string }>(
        db(),
        'SELECT payment_reference FROM requests WHERE id = $1',
        [id],
      );
      expect(payment).toContain(reference.slice(2));
      expect((await pay(id, user, detailsId)).body.transactions).toEqual(first.body.transactions);
      const advanced = await p.call<Failure>('POST', `/sandbox/offramp/requests/${id}/advance`, {});
      expect(advanced).toMatchObject({ status: 409, body: { message: expect.stringMatching(/deposit has not settled/) } });
    });

    it('refuses, each with a clear 4xx: a missing half, a request not for crypto-to-fiat, unknown/foreign/pending details, a payer not compliant', async () => {
      const user = await newPayer();
      const detailsId = await approved(user);
      const id = await invoice();
      const onlyUser = await p.call<Failure>('GET', `/v2/request/${id}/pay?clientUserId=${encodeURIComponent(user)}`);
      expect(onlyUser.status).toBe(400);
      expect(onlyUser.body.errors?.map((e) => e.field)).toEqual(['paymentDetailsId']);
      const onlyDetails = await p.call<Failure>('GET', `/v2/request/${id}/pay?paymentDetailsId=${detailsId}`);
      expect(onlyDetails.body.errors?.map((e) => e.field)).toEqual(['clientUserId']);
      const plain = await pay(await invoice({ isCryptoToFiatAvailable: false }), user, detailsId);
      expect(plain).toMatchObject({ status: 400, body: { message: expect.stringMatching(/isCryptoToFiatAvailable/) } });
      expect((await pay(id, user, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await pay(id, user, 'not-a-uuid')).status).toBe(404);
      const someoneElse = await newPayer();
      expect((await pay(id, someoneElse, detailsId)).status).toBe(404);
      const pending = (await details(user)).body.payment_detail.id;
      expect(await pay(id, user, pending)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/are pending/) } });
      const notCompliant = await newPayer(false);
      const res = await pay(id, notCompliant, detailsId);
      expect(res).toMatchObject({ status: 403, body: { message: expect.stringMatching(/is not compliant: KYC and the agreement/) } });
      expect((await pay(id, 'nobody@example.com', detailsId)).status).toBe(404);
      expect((await pay(id, user, detailsId)).status).toBe(200);
      const second = await approved(user);
      expect(await pay(id, user, second)).toMatchObject({
        status: 409,
        body: { message: expect.stringMatching(/one off-ramp per request/) },
      });
    });
  });
});
