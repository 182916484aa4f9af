import { sqlOne } from '@payrail/persistence';
import { CreateClientId } from '@payrail/tenancy';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PAYER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const BODY = { payee: PAYEE, amount: '10.25', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };

type Created = { requestId: string; paymentReference: string };
type Failure = { statusCode: number; message: string; errors?: { field: string; message: string }[] };

describe('POST /v2/request (invoices)', () => {
  let p: PayoutsApi;
  beforeAll(async () => {
    p = await startPayoutsApi();
  });
  afterAll(() => p?.close());

  const fieldsOf = (body: unknown) => ((body as Failure).errors ?? []).map((e) => e.field);

  it('answers 201 {requestId, paymentReference} and stores an invoice the status record shows', async () => {
    const res = await p.call<Created>('POST', '/v2/request', {
      ...BODY,
      payer: PAYER,
      reference: 'INV-001',
      customerInfo: { firstName: 'Ada', email: 'ada@example.com' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['paymentReference', 'requestId']);
    expect(res.body.requestId).toMatch(/^01[0-9a-f]{64}$/);
    expect(res.body.paymentReference).toMatch(/^0x[0-9a-f]{16}$/);
    const row = await sqlOne<{ kind: string; payer: string; is_recurrence_stopped: boolean; next_period_at: Date | null }>(
      p.api.app.get(DataSource),
      'SELECT kind, payer, is_recurrence_stopped, next_period_at FROM requests WHERE id = $1',
      [res.body.requestId],
    );
    expect(row).toEqual({ kind: 'invoice', payer: PAYER, is_recurrence_stopped: false, next_period_at: null });
    const status = await p.call('GET', `/v2/request/${res.body.requestId}`);
    expect(status.body).toMatchObject({
      requestId: res.body.requestId,
      paymentReference: res.body.paymentReference,
      status: 'pending',
      hasBeenPaid: false,
      isListening: true,
      txHash: null,
      payee: PAYEE,
      payer: PAYER,
      expectedAmount: '10.25',
      invoiceAmount: '10.25',
      reference: 'INV-001',
      customerInfo: { firstName: 'Ada', email: 'ada@example.com' },
      recurrence: null,
      originalRequestId: null,
      originalRequestPaymentReference: null,
      isCryptoToFiatAvailable: false,
      isRecurrenceStopped: false,
      payments: [],
      fees: [],
      amountInUsd: null,
      conversionRate: null,
      rateSource: 'unknown',
      conversionBreakdown: null,
      payerAddress: PAYER,
      payerEoaAddress: PAYER,
    });
  });

  it.each([
    ['amount', { amount: 10 }],
    ['amount', { amount: 'ten' }],
    ['amount', { amount: '-1' }],
    ['amount', { amount: '1,5' }],
    ['invoiceCurrency', { invoiceCurrency: undefined }],
    ['invoiceCurrency', { invoiceCurrency: 'NOPE' }],
    ['paymentCurrency', { paymentCurrency: undefined }],
    ['paymentCurrency', { paymentCurrency: 'USD' }],
    ['payee', { payee: '0x1234' }],
    ['payee', { payee: 'TXYZ' }],
    ['payer', { payer: 'nope' }],
    ['payer', { payer: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' }],
    ['isCryptoToFiatAvailable', { isCryptoToFiatAvailable: 'yes' }],
    ['recurrence.frequency', { recurrence: { startDate: '2030-01-01', frequency: 'HOURLY' } }],
    ['recurrence.startDate', { recurrence: { startDate: '01/01/2030', frequency: 'DAILY' } }],
    ['recurrence.startDate', { recurrence: { startDate: '2020-01-01', frequency: 'DAILY' } }],
    ['recurrence.totalPayments', { recurrence: { startDate: '2030-01-01', frequency: 'DAILY', totalPayments: 3 } }],
    ['customerInfo.email', { customerInfo: { email: 'not-an-email' } }],
    ['reference', { reference: '' }],
    ['reference', { reference: 'x'.repeat(256) }],
    ['originalRequestId', { originalRequestId: '0xabc' }],
    ['originalRequestId', { originalRequestId: `01${'0'.repeat(64)}` }],
    ['originalRequestId', { originalRequestPaymentReference: '0x0123456789abcdef' }],
    ['originalRequestPaymentReference', { originalRequestPaymentReference: 'abc' }],
    ['originalRequestId', { originalRequestId: `01${'a'.repeat(64)}`, recurrence: { startDate: '2030-01-01', frequency: 'DAILY' } }],
    ['feePercentage', { feePercentage: '1' }],
  ])('answers 400 naming %s for %j', async (field, change) => {
    const res = await p.call<Failure>('POST', '/v2/request', { ...BODY, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(fieldsOf(res.body)).toContain(field);
  });

  it('requires payee, and says crypto-to-fiat is not offered when isCryptoToFiatAvailable is set without one', async () => {
    const missing = await p.call<Failure>('POST', '/v2/request', { ...BODY, payee: undefined });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['payee']);
    const c2f = await p.call<Failure>('POST', '/v2/request', { ...BODY, payee: undefined, isCryptoToFiatAvailable: true });
    expect(c2f.status).toBe(400);
    expect(fieldsOf(c2f.body)).toEqual(['payee']);
    expect(c2f.body.message).toMatch(/crypto-to-fiat.*not offered/);
    const withPayee = await p.call<Created>('POST', '/v2/request', { ...BODY, isCryptoToFiatAvailable: true });
    expect(withPayee.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${withPayee.body.requestId}`)).body).toMatchObject({ isCryptoToFiatAvailable: true });
  });

  it('reads float artefacts and exponent forms exactly: accepted when the currency has the decimals, else 400 naming amount', async () => {
    const artefact = String(0.1 + 0.2); // "0.30000000000000004", as easy-invoice's totalAmount.toString() sends it
    const inUsdc = await p.call<Failure>('POST', '/v2/request', { ...BODY, amount: artefact });
    expect(inUsdc.status).toBe(400);
    expect(fieldsOf(inUsdc.body)).toEqual(['amount']);
    expect(inUsdc.body.message).toBe('Validation failed: amount has 17 decimals; the currency allows at most 6');
    const eth = { ...BODY, invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' };
    const inEth = await p.call<Created>('POST', '/v2/request', { ...eth, amount: artefact });
    expect(inEth.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${inEth.body.requestId}`)).body).toMatchObject({ expectedAmount: artefact });
    const tiny = await p.call<Created>('POST', '/v2/request', { ...eth, amount: String(1e-7) });
    expect(tiny.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${tiny.body.requestId}`)).body).toMatchObject({ expectedAmount: '0.0000001' });
    const tinyUsdc = await p.call<Failure>('POST', '/v2/request', { ...BODY, amount: '1e-7' });
    expect(tinyUsdc.status).toBe(400);
    expect(tinyUsdc.body.message).toBe('Validation failed: amount has 7 decimals; the currency allows at most 6');
    const big = await p.call<Created>('POST', '/v2/request', { ...BODY, amount: '1.5e+3' });
    expect(big.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${big.body.requestId}`)).body).toMatchObject({ expectedAmount: '1500' });
    const huge = await p.call<Failure>('POST', '/v2/request', { ...BODY, amount: '1e999' });
    expect(huge.status).toBe(400);
    expect(fieldsOf(huge.body)).toEqual(['amount']);
  });

  it('converts a fiat invoice to the payment currency at the current rate (the conversion path of payouts)', async () => {
    const res = await p.call<Created>('POST', '/v2/request', { ...BODY, amount: '100', invoiceCurrency: 'EUR' });
    expect(res.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${res.body.requestId}`)).body).toMatchObject({
      invoiceCurrency: 'EUR',
      invoiceAmount: '100',
      paymentCurrency: 'fUSDC-sepolia',
      expectedAmount: '108',
      rateSource: 'chainlink',
      conversionRate: '0.92592592',
      amountInUsd: null,
    });
    const usd = await p.call<Created>('POST', '/v2/request', { ...BODY, amount: '12.5', invoiceCurrency: 'USD' });
    expect(usd.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${usd.body.requestId}`)).body).toMatchObject({ amountInUsd: '12.5', rateSource: 'chainlink' });
  });

  it('refuses unknown fields as the other routes do', async () => {
    const res = await p.call<Failure>('POST', '/v2/request', { ...BODY, dueDate: '2030-01-01' });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['dueDate']);
  });

  it('links a request to an earlier one of the caller (originalRequestId and its payment reference)', async () => {
    const first = await p.call<Created>('POST', '/v2/request', BODY);
    const linked = await p.call<Created>('POST', '/v2/request', {
      ...BODY,
      originalRequestId: first.body.requestId,
      originalRequestPaymentReference: first.body.paymentReference,
    });
    expect(linked.status).toBe(201);
    expect((await p.call('GET', `/v2/request/${linked.body.requestId}`)).body).toMatchObject({
      originalRequestId: first.body.requestId,
      originalRequestPaymentReference: first.body.paymentReference,
    });
    const mismatch = await p.call<Failure>('POST', '/v2/request', {
      ...BODY,
      originalRequestId: first.body.requestId,
      originalRequestPaymentReference: '0x0000000000000000',
    });
    expect(mismatch.status).toBe(400);
    expect(fieldsOf(mismatch.body)).toEqual(['originalRequestPaymentReference']);
  });

  it('honours Idempotency-Key as payouts do: same key and body replays, another body is 409, one request stored', async () => {
    const key = { 'x-api-key': p.tenant.apiKey.apiKey, 'idempotency-key': 'invoice-42' };
    const first = await p.call<Created>('POST', '/v2/request', BODY, key);
    const again = await p.call<Created>('POST', '/v2/request', BODY, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await p.call<Failure>('POST', '/v2/request', { ...BODY, amount: '11' }, key);
    expect(other.status).toBe(409);
    const count = await sqlOne<{ n: number }>(
      p.api.app.get(DataSource),
      'SELECT count(*)::int AS n FROM requests WHERE reference_topic IS NOT NULL AND id = $1',
      [first.body.requestId],
    );
    expect(count?.n).toBe(1);
    const bad = await p.call<Failure>('POST', '/v2/request', BODY, { ...key, 'idempotency-key': 'has space' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['Idempotency-Key']);
  });

  it('takes a Client ID (its Origin rules and fee apply) as well as the API key; the creating Client ID reads it, the API key too', async () => {
    const fees = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
    const browser = await p.api.app.get(CreateClientId).execute({
      platformId: p.tenant.platform.id,
      allowedOrigins: ['https://shop.example.com'],
      feePercentage: '2',
      feeAddress: fees,
    });
    const noOrigin = await p.call<Failure>('POST', '/v2/request', BODY, { 'x-client-id': browser.clientId });
    expect(noOrigin.status).toBe(401);
    const wrongOrigin = await p.call<Failure>('POST', '/v2/request', BODY, {
      'x-client-id': browser.clientId,
      origin: 'https://evil.example',
    });
    expect(wrongOrigin.status).toBe(403);
    const created = await p.call<Created>('POST', '/v2/request', BODY, {
      'x-client-id': browser.clientId,
      origin: 'https://shop.example.com',
    });
    expect(created.status).toBe(201);
    const seen = await p.call('GET', `/v2/request/${created.body.requestId}`, undefined, {
      'x-client-id': browser.clientId,
      origin: 'https://shop.example.com',
    });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ feePercentage: '2.00', feeAddress: fees, feeAmount: '0.205', customerInfo: null });
    expect((await p.call('GET', `/v2/request/${created.body.requestId}`)).status).toBe(200);
    const other = await p.call('GET', `/v2/request/${created.body.requestId}`, undefined, { 'x-client-id': p.tenant.client.clientId });
    expect(other.status).toBe(404);
    expect((await p.call('POST', '/v2/request', BODY, {})).status).toBe(401);
  });
});
