import { sqlExecute, sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { parseCsv } from '@payrail/test-support/dashboard/csv-parse.js';
import { insertRequestRow, insertTransferRow, seedPaidRequests } from '@payrail/test-support/dashboard/request-rows.js';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const PAYER = '0x2222222222222222222222222222222222222222';

describe('request detail, CSV export and volume', () => {
  let p: PayoutsApi;
  let db: DataSource;
  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
  });
  afterAll(() => p?.close());

  it("shows one request's amounts, fee, transfers (tx hash, block, sender) and its webhook deliveries; 404 for another platform", async () => {
    const platformId = p.tenant.platform.id;
    const request = await insertRequestRow(db, {
      platformId,
      status: 'paid',
      fee: 100_000n,
      paidAt: new Date(),
      txHash: '0x' + '12'.repeat(32),
    });
    await insertTransferRow(db, request, {
      txHash: '0x' + '12'.repeat(32),
      from: PAYER,
      amount: 10_000_000n,
      fee: 100_000n,
      blockNumber: 42,
      settled: true,
    });
    const endpoint = await sqlOne<{ id: string }>(
      db,
      `INSERT INTO webhook_endpoints (id, owner_type, client_id_id, url, secret_encrypted) VALUES ('01JDQ4W9ZK3M7T1B2C3D4E5F6G', 'client_id', $1, 'https://hooks.example/p', 'x') RETURNING id`,
      [p.tenant.client.id],
    );
    const event = await sqlOne<{ id: string }>(
      db,
      `INSERT INTO outbox_events (event_type, aggregate_type, aggregate_id, partition, payload) VALUES ('payment.confirmed', 'request', $1, 0, '{}') RETURNING id::text`,
      [request.id],
    );
    await sqlExecute(
      db,
      `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, status, attempt_count, last_status_code)
       VALUES ('01JDQ4W9ZK3M7T1B2C3D4E5F6H', $1, $2, 'payment.confirmed', '{}', 'failed', 4, 500)`,
      [endpoint!.id, event!.id],
    );
    const res = await p.call<Record<string, unknown>>('GET', `/v2/requests/${request.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      requestId: request.id,
      status: 'paid',
      expectedAmount: '10',
      amountPaid: '10',
      feeAmount: '0.1',
      feePaid: '0.1',
      payerAddress: PAYER,
      network: 'sepolia',
      transfers: [
        { txHash: '0x' + '12'.repeat(32), blockNumber: '42', from: PAYER, amount: '10', feeAmount: '0.1', settled: true, logIndex: 0 },
      ],
      webhookDeliveries: [
        {
          id: '01JDQ4W9ZK3M7T1B2C3D4E5F6H',
          webhookId: endpoint!.id,
          url: 'https://hooks.example/p',
          status: 'failed',
          attemptCount: 4,
          lastStatusCode: 500,
        },
      ],
    });
    const other = await createTenant(p.api.app);
    const foreign = await p.call('GET', `/v2/requests/${request.id}`, undefined, { 'x-api-key': other.apiKey.apiKey });
    expect(foreign).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Request not found' } });
  });

  it('exports every matching row as RFC 4180 CSV with decimal amounts, across cursor batches, scoped and filtered', async () => {
    const tenant = await createTenant(p.api.app);
    const newest = new Date('2025-06-01T00:00:00Z');
    await seedPaidRequests(db, tenant.platform.id, 2_500, newest);
    await insertRequestRow(db, { platformId: tenant.platform.id, status: 'pending', createdAt: new Date('2025-07-01T00:00:00Z') });
    const token = await platformSession(p.api.app, tenant.platform.id);
    const res = await fetch(`${p.api.url}/v2/requests/export?status=paid`, { headers: { cookie: `__Host-session_token=${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    const [header, ...data] = rows;
    expect(header.slice(0, 7)).toEqual(['requestId', 'createdAt', 'status', 'network', 'paymentCurrency', 'expectedAmount', 'amountPaid']);
    expect(data).toHaveLength(2_500);
    const col = (name: string) => header.indexOf(name);
    data.forEach((row, index) => {
      const i = index + 1; // newest first: the seed's i-th row is i seconds before `newest`
      expect(row).toHaveLength(header.length);
      expect(row[col('createdAt')]).toBe(new Date(newest.getTime() - i * 1000).toISOString());
      expect(row[col('amountPaid')]).toBe(`${i}.${String(i).padStart(6, '0')}`.replace(/\.?0+$/, '') || '0');
      expect(row[col('reference')]).toBe(i % 10 === 0 ? `order, "${i}"` : `order-${i}`);
      expect(row[col('status')]).toBe('paid');
    });
    const empty = await createTenant(p.api.app);
    const none = await fetch(`${p.api.url}/v2/requests/export`, { headers: { 'x-api-key': empty.apiKey.apiKey } });
    expect(parseCsv(await none.text())).toEqual([header]);
  });

  it('answers 400 before streaming for a bad export filter, and refuses pagination parameters there', async () => {
    for (const query of ['?network=mars', '?from=2025-02-01T00:00:00Z&to=2025-01-01T00:00:00Z', '?limit=10']) {
      const res = await p.call<{ statusCode: number }>('GET', `/v2/requests/export${query}`);
      expect([query, res.status, res.body.statusCode]).toEqual([query, 400, 400]);
    }
  });

  it('sums settled volume per UTC day and currency in the range, with totals', async () => {
    const tenant = await createTenant(p.api.app);
    const platformId = tenant.platform.id;
    const day = (d: string, h: number) => new Date(`2025-05-${d}T${String(h).padStart(2, '0')}:00:00Z`);
    await insertRequestRow(db, { platformId, status: 'paid', expected: 1_500_000n, paidAt: day('10', 1) });
    await insertRequestRow(db, { platformId, status: 'overpaid', expected: 2_000_000n, paid: 2_500_001n, paidAt: day('10', 23) });
    await insertRequestRow(db, {
      platformId,
      status: 'paid',
      expected: 7n,
      decimals: 2,
      paymentCurrency: 'USDT-tron',
      network: 'tron',
      paidAt: day('11', 5),
    });
    await insertRequestRow(db, { platformId, status: 'partial', paid: 5n, paidAt: day('11', 6) }); // not settled
    await insertRequestRow(db, { platformId, status: 'paid', paidAt: day('20', 0) }); // outside the range
    const res = await p.call('GET', '/v2/requests/volume?from=2025-05-10T00:00:00Z&to=2025-05-20T00:00:00Z', undefined, {
      'x-api-key': tenant.apiKey.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2025-05-10T00:00:00.000Z',
      to: '2025-05-20T00:00:00.000Z',
      days: [
        { day: '2025-05-10', currency: 'fUSDC-sepolia', count: 2, amount: '4.000001' },
        { day: '2025-05-11', currency: 'USDT-tron', count: 1, amount: '0.07' },
      ],
      totals: [
        { currency: 'fUSDC-sepolia', count: 2, amount: '4.000001' },
        { currency: 'USDT-tron', count: 1, amount: '0.07' },
      ],
    });
  });

  it.each([
    ['', 'from'],
    ['?from=2025-01-01T00:00:00Z&to=2026-01-03T00:00:00Z', 'to'],
    ['?from=2025-01-02T00:00:00Z&to=2025-01-01T00:00:00Z', 'to'],
  ])('answers 400 for volume query %s', async (query, field) => {
    const res = await p.call<{ errors: { field: string }[] }>('GET', `/v2/requests/volume${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });
});
