import { sqlExecute } from '@payrail/persistence';
import { PAYMENT_EXPORT_COLUMNS } from '@payrail/reconciliation';
import { DataSource } from 'typeorm';
import { parseCsv } from '@payrail/test-support/dashboard/csv-parse.js';
import { insertRequestRow, insertTransferRow } from '@payrail/test-support/dashboard/request-rows.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const PAYER = '0x2222222222222222222222222222222222222222';
const tx = (n: number) => '0x' + n.toString(16).padStart(64, '0');

// GET /v2/exports/payments (issue #36 item 4) over a real API and Postgres; the fiat values are
// seeded as settlement stores them (detection.int-spec proves settlement stores them on anvil).
describe('payments export (CSV and JSON, fiat at settlement, filters)', () => {
  let p: PayoutsApi;
  let db: DataSource;
  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
  });
  afterAll(() => p?.close());

  /** A platform with a paid request of its Client ID (fiat recorded, an exception, a refund) and an unsettled one without. */
  let seeds = 0;
  async function seed() {
    const n = ++seeds * 10;
    const tenant = await createTenant(p.api.app);
    const platformId = tenant.platform.id;
    const paid = await insertRequestRow(db, {
      platformId,
      clientIdId: tenant.client.id,
      status: 'overpaid',
      expected: 10_000_000n,
      paid: 12_000_000n,
      fee: 100_000n,
      payer: PAYER,
      reference: '=SUM(A1)',
    });
    await insertTransferRow(db, paid, {
      txHash: tx(n + 1),
      from: PAYER,
      amount: 12_000_000n,
      fee: 100_000n,
      blockNumber: 40,
      logIndex: 3,
      settled: true,
      blockTimestamp: new Date('2026-03-02T10:00:00Z'),
    });
    await sqlExecute(
      db,
      `UPDATE payment_transfers SET fiat_currency = 'EUR', fiat_value = 11.11, fiat_rate = 0.925925925925925926,
              fiat_rate_source = 'chainlink-conversion-path:0xabc', fiat_rate_at = '2026-03-02T09:59:00Z'
        WHERE tx_hash = $1`,
      [tx(n + 1)],
    );
    await sqlExecute(
      db,
      `INSERT INTO payment_exceptions (id, platform_id, request_id, network, kind, status, payment_currency, currency_decimals,
          expected_amount, received_amount, invoice_currency, invoice_decimals, detected_at)
       VALUES ($3, $1, $2, 'sepolia', 'overpaid', 'refunded', 'fUSDC-sepolia', 6, 10000000, 12000000, 'fUSDC-sepolia', 6, now())`,
      [platformId, paid.id, `01JEXPORTEXCEPTION0000000${seeds}`],
    );
    await sqlExecute(
      db,
      `INSERT INTO refunds (id, request_id, platform_id, network, currency, decimals, proxy, from_address, to_address, amount,
          payment_reference, reference_topic, status, tx_hash)
       VALUES ($7, $1, $2, 'sepolia', 'fUSDC-sepolia', 6, $3, $4, $3, 2000000, '0x1111111111111111', $5, 'confirmed', $6)`,
      [
        paid.id,
        platformId,
        '0x' + 'f'.repeat(40),
        '0x' + 'a'.repeat(40),
        '0x' + String(seeds).repeat(64),
        tx(n + 9),
        `01JEXPORTREFUND0000000000${seeds}`,
      ],
    );
    const pending = await insertRequestRow(db, { platformId, status: 'partial', paid: 1_000_000n });
    await insertTransferRow(db, pending, {
      txHash: tx(n + 2),
      from: PAYER,
      amount: 1_000_000n,
      blockNumber: 50,
      settled: false,
      blockTimestamp: new Date('2026-04-01T00:00:00Z'),
    });
    return { tenant, paid, pending, n };
  }

  const get = (tenant: Awaited<ReturnType<typeof createTenant>>, query: string) =>
    fetch(`${p.api.url}/v2/exports/payments${query}`, { headers: { 'x-api-key': tenant.apiKey.apiKey } });

  it('exports every payment with its fees, payer, chain position, fiat at settlement, exceptions and refunds, as CSV', async () => {
    const { tenant, paid, pending, n } = await seed();
    const res = await get(tenant, '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([...PAYMENT_EXPORT_COLUMNS]);
    const record = (row: string[]) => Object.fromEntries(header.map((c, i) => [c, row[i]]));
    expect(rows.map(record)).toEqual([
      {
        requestId: paid.id,
        reference: "'=SUM(A1)",
        paymentReference: paid.paymentReference,
        status: 'overpaid',
        network: 'sepolia',
        token: 'fUSDC-sepolia',
        amount: '12',
        protocolFee: '0',
        platformFee: '0.1',
        batchFee: '',
        relayerGasFee: '',
        relayerGasCurrency: '',
        payer: PAYER,
        payerEoa: PAYER,
        payee: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        txHash: tx(n + 1),
        logIndex: '3',
        blockNumber: '40',
        paidAt: '2026-03-02T10:00:00.000Z',
        settledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        invoiceCurrency: 'fUSDC-sepolia',
        invoiceAmount: '10',
        fiatCurrency: 'EUR',
        fiatValue: '11.11',
        fiatRate: '0.925925925925925926',
        fiatRateSource: 'chainlink-conversion-path:0xabc',
        fiatRateAt: '2026-03-02T09:59:00.000Z',
        exceptions: 'overpaid:refunded',
        refunds: `2:confirmed:${tx(n + 9)}`,
        clientId: tenant.client.clientId,
      },
      expect.objectContaining({
        requestId: pending.id,
        status: 'partial',
        amount: '1',
        settledAt: '',
        fiatValue: '',
        fiatRateSource: '',
        clientId: '',
      }),
    ]);
  });

  it('streams JSON with the chosen columns and filters by date, status, network and Client ID', async () => {
    const { tenant, paid, pending, n } = await seed();
    const json = async (query: string) => {
      const res = await get(tenant, query);
      expect([query, res.status]).toEqual([query, 200]);
      return (await res.json()) as Record<string, unknown>[];
    };
    const res = await get(tenant, '?format=json&columns=requestId,fiatValue,refunds,logIndex');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toEqual([
      { requestId: paid.id, fiatValue: '11.11', refunds: [{ amount: '2', status: 'confirmed', txHash: tx(n + 9) }], logIndex: 3 },
      { requestId: pending.id, fiatValue: null, refunds: [], logIndex: 0 },
    ]);
    const ids = async (query: string) => (await json(`?format=json&columns=requestId${query}`)).map((r) => r.requestId);
    expect(await ids('&from=2026-03-15T00:00:00Z')).toEqual([pending.id]);
    expect(await ids('&to=2026-03-15T00:00:00Z')).toEqual([paid.id]);
    expect(await ids('&status=overpaid')).toEqual([paid.id]);
    expect(await ids(`&clientId=${tenant.client.clientId}`)).toEqual([paid.id]);
    expect(await ids('&network=base')).toEqual([]);
    // Another platform sees none of these payments.
    const other = await createTenant(p.api.app);
    expect(await (await get(other, '?format=json')).json()).toEqual([]);
  });

  it('answers 400 before streaming for a bad format, column or range', async () => {
    for (const query of [
      '?format=xml',
      '?columns=requestId,secret',
      '?columns=amount,amount',
      '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      '?network=mars',
    ]) {
      const res = await p.call<{ statusCode: number }>('GET', `/v2/exports/payments${query}`);
      expect([query, res.status, res.body.statusCode]).toEqual([query, 400, 400]);
    }
  });

  it('creates, lists and deletes export schedules of the platform only; 400 for a bad schedule, 404 for another platform', async () => {
    const tenant = await createTenant(p.api.app);
    const headers = { 'x-api-key': tenant.apiKey.apiKey };
    const created = await p.call<Record<string, unknown>>(
      'POST',
      '/v2/exports/schedules',
      { frequency: 'monthly', format: 'json', destination: 's3', columns: ['requestId', 'fiatValue'], network: 'sepolia' },
      headers,
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      frequency: 'monthly',
      format: 'json',
      destination: 's3',
      email: null,
      columns: ['requestId', 'fiatValue'],
      status: null,
      network: 'sepolia',
      clientId: null,
      createdAt: expect.any(String),
      lastDelivery: null,
    });
    const mailed = await p.call(
      'POST',
      '/v2/exports/schedules',
      { frequency: 'daily', destination: 'email', email: 'books@example.com' },
      headers,
    );
    expect(mailed.status).toBe(201);
    const list = await p.call<{ schedules: { id: string }[] }>('GET', '/v2/exports/schedules', undefined, headers);
    expect(list.body.schedules.map((x) => x.id)).toEqual([created.body.id, (mailed.body as { id: string }).id]);
    for (const bad of [
      { frequency: 'hourly', destination: 's3' },
      { frequency: 'daily', destination: 'email' },
      { frequency: 'daily', destination: 's3', email: 'a@example.com' },
      { frequency: 'daily', destination: 's3', columns: ['secret'] },
      { frequency: 'daily', destination: 'ftp' },
    ]) {
      const res = await p.call<{ statusCode: number }>('POST', '/v2/exports/schedules', bad, headers);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
    const other = await createTenant(p.api.app);
    const remove = (apiKey: string) =>
      fetch(`${p.api.url}/v2/exports/schedules/${String(created.body.id)}`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    const foreign = await remove(other.apiKey.apiKey);
    expect(foreign.status).toBe(404);
    expect(
      (await p.call<{ schedules: unknown[] }>('GET', '/v2/exports/schedules', undefined, { 'x-api-key': other.apiKey.apiKey })).body
        .schedules,
    ).toEqual([]);
    expect((await remove(tenant.apiKey.apiKey)).status).toBe(204);
    expect((await p.call<{ schedules: unknown[] }>('GET', '/v2/exports/schedules', undefined, headers)).body.schedules).toHaveLength(1);
  });
});
