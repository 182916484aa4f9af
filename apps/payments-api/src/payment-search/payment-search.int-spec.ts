import { encodeKeysetCursor } from '@payrail/domain';
import { sqlExecute, sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { insertRequestRow, insertTransferRow } from '@payrail/test-support/dashboard/request-rows.js';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

interface Payment {
  id: string;
  amount: string;
  sourceTxHash: string;
  timestamp: string;
  type: string;
  currency: string;
  paymentCurrency: string;
  payer: string | null;
  fees: { amount: string; receiverAddress: string }[] | null;
  recurringPaymentId: string | null;
  request: { requestId: string; hasBeenPaid: boolean; reference: string | null; customerInfo: object | null };
}
interface Search {
  payments: Payment[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor: string | null };
}
interface Refusal {
  statusCode: number;
  message: string;
  errors: { field: string; message: string }[];
}

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PAYER_A = '0x1111111111111111111111111111111111111111';
const PAYER_B = '0x2222222222222222222222222222222222222222';
const TRON_PAYEE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const TRON_PAYER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');
const t0 = Date.parse('2025-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(t0 + minutes * 60_000);

// The platform's settled payments on seeded requests and transfers (as detection and settlement
// leave them): every filter, paging by offset and cursor, each validation error, owner scoping.
describe('GET /v2/payments: the payments search', () => {
  let p: PayoutsApi;
  let db: DataSource;
  let other: Awaited<ReturnType<typeof createTenant>>;
  const ids: Record<string, string> = {};
  const refs: Record<string, string> = {};

  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
    other = await createTenant(p.api.app);
    const platformId = p.tenant.platform.id;
    const request = async (key: string, spec: Partial<Parameters<typeof insertRequestRow>[1]> = {}) => {
      const row = await insertRequestRow(db, { platformId, status: 'paid', ...spec });
      ids[key] = row.id;
      refs[key] = row.paymentReference;
      return row;
    };
    const direct = await request('direct', { reference: 'order-1' });
    await insertTransferRow(db, direct, {
      txHash: hash(1),
      from: PAYER_A,
      amount: 10_000_000n,
      blockNumber: 11,
      settled: true,
      blockTimestamp: at(1),
    });
    const conversion = await request('conversion', { fee: 100_000n });
    await sqlExecute(db, `UPDATE requests SET invoice_currency = 'USD', invoice_decimals = 2, invoice_amount = 1000 WHERE id = $1`, [
      conversion.id,
    ]);
    await insertTransferRow(db, conversion, {
      txHash: hash(2),
      from: PAYER_B,
      amount: 10_000_000n,
      fee: 100_000n,
      blockNumber: 12,
      settled: true,
      blockTimestamp: at(2),
    });
    const recurring = await request('recurring');
    ids.schedule = await insertSchedule(db, platformId, recurring.id);
    await insertTransferRow(db, recurring, {
      txHash: hash(3),
      from: PAYER_A,
      amount: 10_000_000n,
      blockNumber: 13,
      settled: true,
      blockTimestamp: at(3),
    });
    const tron = await request('tron', { network: 'tron', paymentCurrency: 'USDT-tron', payee: TRON_PAYEE });
    await insertTransferRow(
      db,
      { ...tron, network: 'tron' },
      {
        txHash: 'ab'.repeat(32),
        from: TRON_PAYER,
        to: TRON_PAYEE,
        amount: 5_000_000n,
        blockNumber: 14,
        settled: true,
        blockTimestamp: at(4),
      },
    );
    // One transaction paying two requests (a batch): two logs, one hash, one block time.
    for (const [key, logIndex] of [
      ['batch1', 0],
      ['batch2', 1],
    ] as const) {
      const row = await request(key);
      await insertTransferRow(db, row, {
        txHash: hash(7),
        from: PAYER_B,
        amount: 10_000_000n,
        blockNumber: 17,
        logIndex,
        settled: true,
        blockTimestamp: at(7),
      });
    }
    // Not payments of the request: to another payee (does not count), and not settled yet.
    await insertTransferRow(db, direct, {
      txHash: hash(8),
      from: PAYER_A,
      to: PAYER_B,
      amount: 1n,
      blockNumber: 18,
      settled: true,
      blockTimestamp: at(8),
    });
    await insertTransferRow(db, direct, {
      txHash: hash(9),
      from: PAYER_A,
      amount: 1n,
      blockNumber: 19,
      settled: false,
      blockTimestamp: at(9),
    });
    // Another platform's payment from the same wallet, in the same transaction as `direct`'s.
    const foreign = await insertRequestRow(db, { platformId: other.platform.id, status: 'paid', reference: 'order-1' });
    ids.foreign = foreign.id;
    await insertTransferRow(db, foreign, {
      txHash: hash(1),
      from: PAYER_A,
      amount: 10_000_000n,
      blockNumber: 11,
      logIndex: 5,
      settled: true,
      blockTimestamp: at(10),
    });
  });
  afterAll(() => p?.close());

  const search = (query: string, headers?: Record<string, string>) => p.call<Search>('GET', `/v2/payments${query}`, undefined, headers);
  const refused = (query: string) => p.call<Refusal>('GET', `/v2/payments${query}`);
  const requestsOf = (body: Search) => body.payments.map((x) => Object.keys(ids).find((k) => ids[k] === x.request.requestId));

  it("answers Request Network's payment object for each settled payment, newest first", async () => {
    const res = await search(`?requestId=${ids.conversion}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payments: [
        {
          id: `sepolia:${hash(2)}:0`,
          amount: '10',
          sourceNetwork: 'sepolia',
          destinationNetwork: 'sepolia',
          sourceTxHash: hash(2),
          destinationTxHash: null,
          timestamp: at(2).toISOString(),
          type: 'conversion',
          conversionRateSource: null,
          conversionRateDestination: null,
          convertedAmountSource: null,
          convertedAmountDestination: null,
          currency: 'USD',
          paymentCurrency: 'fUSDC',
          fees: [
            {
              type: 'platform',
              stage: 'sending',
              provider: 'payrail',
              amount: '0.1',
              currency: 'fUSDC',
              receiverAddress: '0x' + 'e'.repeat(40),
              network: 'sepolia',
            },
          ],
          recurringPaymentId: null,
          rateProvider: null,
          detectionSource: 'request-network',
          request: { requestId: ids.conversion, paymentReference: refs.conversion, hasBeenPaid: true, customerInfo: null, reference: null },
          paymentCurrencyId: 'fUSDC-sepolia',
          currencyId: 'USD',
          payer: PAYER_B,
          payee: PAYEE,
          blockNumber: '12',
          logIndex: 0,
        },
      ],
      pagination: { total: 1, limit: 20, offset: 0, hasMore: false, nextCursor: null },
    });
  });

  it.each([
    ['requestId', () => `?requestId=${ids.direct}`, ['direct']],
    ['requestId (upper-case hex)', () => `?requestId=${ids.direct.toUpperCase()}`, ['direct']],
    ['txHash: every payment of a batch transaction', () => `?txHash=${hash(7)}`, ['batch2', 'batch1']],
    ['txHash: never another platform’s', () => `?txHash=${hash(1).toUpperCase().replace('0X', '0x')}`, ['direct']],
    ['txHash of Tron (64 hex)', () => `?txHash=${'AB'.repeat(32)}`, ['tron']],
    ['walletAddress as payer', () => `?walletAddress=${PAYER_A}`, ['recurring', 'direct']],
    [
      'walletAddress as payee, any case',
      () => `?walletAddress=${PAYEE.toLowerCase()}`,
      ['batch2', 'batch1', 'recurring', 'conversion', 'direct'],
    ],
    ['walletAddress (Tron payer)', () => `?walletAddress=${TRON_PAYER}`, ['tron']],
    ['paymentReference, any case', () => `?paymentReference=${refs.conversion.toUpperCase().replace('0X', '0x')}`, ['conversion']],
    ['reference', () => '?reference=order-1', ['direct']],
    ['type=direct', () => '?type=direct', ['batch2', 'batch1', 'tron', 'direct']],
    ['type=conversion', () => '?type=conversion', ['conversion']],
    ['type=recurring', () => '?type=recurring', ['recurring']],
    ['type=crosschain (never offered)', () => '?type=crosschain', []],
    ['invoiceCurrency', () => '?invoiceCurrency=USD', ['conversion']],
    ['paymentCurrency by id', () => '?paymentCurrency=USDT-tron', ['tron']],
    ['paymentCurrency by symbol', () => '?paymentCurrency=USDT', ['tron']],
    [
      'dates, both ends inclusive',
      () => `?walletAddress=${PAYEE}&fromDate=${at(2).toISOString()}&toDate=${at(3).toISOString()}`,
      ['recurring', 'conversion'],
    ],
    ['parameters combined with AND', () => `?walletAddress=${PAYER_A}&type=direct`, ['direct']],
  ])('filters by %s', async (_name, query, expected) => {
    const res = await search(query());
    expect(res.status).toBe(200);
    expect(requestsOf(res.body)).toEqual(expected);
    expect(res.body.pagination.total).toBe(expected.length);
  });

  it('names the recurring payout a recurring payment executed', async () => {
    const res = await search('?type=recurring');
    expect(res.body.payments[0]).toMatchObject({ type: 'recurring', recurringPaymentId: ids.schedule });
  });

  it('pages by offset within the window, and by cursor without repeating or skipping rows of one block time', async () => {
    const all = (await search(`?walletAddress=${PAYEE}`)).body;
    expect(all.payments).toHaveLength(5);
    const second = await search(`?walletAddress=${PAYEE}&limit=2&offset=2`);
    expect(second.body.payments.map((x) => x.id)).toEqual(all.payments.slice(2, 4).map((x) => x.id));
    expect(second.body.pagination).toMatchObject({ total: 5, limit: 2, offset: 2, hasMore: true });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Search = (await search(`?walletAddress=${PAYEE}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).body;
      expect(page.pagination).toMatchObject({ total: 5, limit: 1, offset: 0, hasMore: page.pagination.nextCursor !== null });
      seen.push(...page.payments.map((x) => x.id));
      cursor = page.pagination.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.payments.map((x) => x.id));
    const last = await search(`?walletAddress=${PAYEE}&limit=5`);
    expect(last.body.pagination).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('answers toDate before fromDate with Request Network’s validation shape', async () => {
    const res = await refused(`?type=direct&fromDate=${at(3).toISOString()}&toDate=${at(2).toISOString()}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Validation failed/),
      errors: [{ field: 'toDate', message: 'toDate must be after or equal to fromDate' }],
    });
  });

  const forged = encodeKeysetCursor({ micros: '1740830400000000', id: 'abc' });
  it.each([
    ['query', ''],
    ['query', `?fromDate=${at(1).toISOString()}&limit=5`],
    ['txHash', '?txHash=0x1234'],
    ['walletAddress', '?walletAddress=0x123'],
    ['paymentReference', '?paymentReference=0xabc'],
    ['requestId', '?requestId=02abc'],
    ['reference', `?reference=${'x'.repeat(256)}`],
    ['type', '?type=card'],
    ['invoiceCurrency', '?invoiceCurrency=$$'],
    ['paymentCurrency', '?paymentCurrency=NOPE-nowhere'],
    ['fromDate', '?type=direct&fromDate=2025-03-01'],
    ['toDate', '?type=direct&toDate=2025-03-01T12:00:00%2B02:00'],
    ['limit', '?type=direct&limit=0'],
    ['limit', '?type=direct&limit=101'],
    ['limit', '?type=direct&limit=ten'],
    ['offset', '?type=direct&offset=-1'],
    ['offset', '?type=direct&offset=9990&limit=20'],
    ['offset', '?type=direct&offset=1&cursor=' + encodeKeysetCursor({ micros: '1', id: '1' })],
    ['cursor', '?type=direct&cursor=not-a-cursor'],
    ['cursor', `?type=direct&cursor=${forged}`],
    ['unknown', '?type=direct&unknown=1'],
  ])('refuses a bad %s with a 400 naming it', async (field, query) => {
    const res = await refused(query);
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });

  it('shows a platform only its own payments, and takes the API key or a session, never a (public) Client ID', async () => {
    const theirs = await search('?reference=order-1', { 'x-api-key': other.apiKey.apiKey });
    expect(requestsOf(theirs.body)).toEqual(['foreign']);
    const foreign = await search(`?requestId=${ids.foreign}`);
    expect(foreign.body).toMatchObject({ payments: [], pagination: { total: 0, hasMore: false } });
    const session = await platformSession(p.api.app, p.tenant.platform.id);
    const withSession = await search('?reference=order-1', { authorization: `Bearer ${session}` });
    expect(requestsOf(withSession.body)).toEqual(['direct']);
    const client = await search('?reference=order-1', { 'x-client-id': p.tenant.client.clientId, origin: 'https://shop.example' });
    expect(client.status).toBe(403);
    expect((await search('?reference=order-1', {})).status).toBe(401);
  });

  it('counts the total up to the window', async () => {
    const row = await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM payment_transfers WHERE settled_at IS NOT NULL`);
    expect(row!.n).toBeGreaterThan(6); // the uncounted and foreign rows exist, and are not counted below
    expect((await search(`?walletAddress=${PAYER_A}`)).body.pagination.total).toBe(2);
  });
});

/** A recurring payout whose first execution created `requestId` (as the recurring executor records it). */
async function insertSchedule(db: DataSource, platformId: string, requestId: string): Promise<string> {
  const id = '01J' + 'A'.repeat(23);
  await sqlExecute(
    db,
    `INSERT INTO recurring_payments (id, platform_id, status, network, recurring_proxy, fee_proxy, payer, payee, token, payment_currency,
       currency_decimals, invoice_currency, invoice_amount, invoice_decimals, amount, fee_amount, gas_fee, frequency, period_seconds,
       first_exec, total_payments, permit)
     VALUES ($1, $2, 'active', 'sepolia', $3, $3, $4, $5, $3, 'fUSDC-sepolia', 6, 'fUSDC-sepolia', 10000000, 6, 10000000, 0, 0, 'MONTHLY',
       2592000, 1740830400, 3, '{}'::jsonb)`,
    [id, platformId, '0x' + 'f'.repeat(40), PAYER_A, PAYEE],
  );
  await sqlExecute(
    db,
    `INSERT INTO recurring_executions (recurring_payment_id, index, request_id, status) VALUES ($1, 1, $2, 'succeeded')`,
    [id, requestId],
  );
  return id;
}
