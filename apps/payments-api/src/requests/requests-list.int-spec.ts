import { sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { insertRequestRow, insertTransferRow } from '@payrail/test-support/dashboard/request-rows.js';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

type Page = { data: { requestId: string; status: string; amountPaid: string; payerAddress: string | null }[]; nextCursor: string | null };
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const PAYER = '0x1111111111111111111111111111111111111111';

describe('GET /v2/requests: the platform list with filters and keyset pagination', () => {
  let p: PayoutsApi;
  let db: DataSource;
  let other: Awaited<ReturnType<typeof createTenant>>;
  const ids: Record<string, string> = {};
  const t0 = new Date('2025-03-01T12:00:00.000Z');

  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
    other = await createTenant(p.api.app);
    const platformId = p.tenant.platform.id;
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    ids.pending = (await insertRequestRow(db, { platformId, createdAt: at(0), reference: 'order-1' })).id;
    const paid = await insertRequestRow(db, { platformId, status: 'paid', createdAt: at(1), paidAt: at(2), payer: null });
    ids.paid = paid.id;
    await insertTransferRow(db, paid, { txHash: '0x' + 'ab'.repeat(32), from: PAYER, amount: 10_000_000n, blockNumber: 7, settled: true });
    ids.tron = (
      await insertRequestRow(db, { platformId, network: 'tron', paymentCurrency: 'USDT-tron', payer: TRON, createdAt: at(3) })
    ).id;
    ids.declared = (await insertRequestRow(db, { platformId, payer: PAYER, createdAt: at(4), status: 'partial', paid: 1n })).id;
    ids.foreign = (await insertRequestRow(db, { platformId: other.platform.id, createdAt: at(5) })).id;
  });
  afterAll(() => p?.close());

  const list = async (query: string, headers?: Record<string, string>) => p.call<Page>('GET', `/v2/requests${query}`, undefined, headers);
  const idsOf = (page: Page) => page.data.map((r) => r.requestId);

  it("lists only the platform's own requests, newest first, amounts as decimal strings", async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([ids.declared, ids.tron, ids.paid, ids.pending]);
    expect(res.body.data.find((r) => r.requestId === ids.paid)).toMatchObject({ status: 'paid', amountPaid: '10', payerAddress: PAYER });
    expect(res.body.nextCursor).toBeNull();
  });

  it.each([
    ['?status=paid', ['paid']],
    ['?network=tron', ['tron']],
    ['?currency=USDT-tron', ['tron']],
    ['?reference=order-1', ['pending']],
    [`?from=${new Date(t0.getTime() + 60_000).toISOString()}&to=${new Date(t0.getTime() + 3 * 60_000).toISOString()}`, ['paid']],
    [`?payer=${PAYER.toUpperCase().replace('0X', '0x')}`, ['declared', 'paid']],
    [`?payer=${TRON}`, ['tron']],
  ])('filters %s', async (query, expected) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(expected.map((k) => ids[k]));
  });

  it('filters by payment reference, case-insensitively', async () => {
    const ref = (await sqlOne<{ payment_reference: string }>(db, 'SELECT payment_reference FROM requests WHERE id = $1', [ids.tron]))!;
    const res = await list(`?paymentReference=${ref.payment_reference.toUpperCase().replace('0X', '0x')}`);
    expect(idsOf(res.body)).toEqual([ids.tron]);
  });

  it('pages through rows sharing one created_at without repeating or skipping any, and new rows do not shift later pages', async () => {
    const tenant = await createTenant(p.api.app);
    const same = new Date('2025-04-01T00:00:00.123456Z');
    const created = new Set<string>();
    for (let i = 0; i < 5; i++) created.add((await insertRequestRow(db, { platformId: tenant.platform.id, createdAt: same })).id);
    const headers = { 'x-api-key': tenant.apiKey.apiKey };
    const first = await list('?limit=2', headers);
    expect(first.body.data).toHaveLength(2);
    // Written after the first page was read, newer than all: must not appear on later pages.
    await insertRequestRow(db, { platformId: tenant.platform.id, createdAt: new Date('2025-05-01T00:00:00Z') });
    const seen = [...idsOf(first.body)];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await list(`?limit=2&cursor=${cursor}`, headers);
      expect(next.status).toBe(200);
      seen.push(...idsOf(next.body));
      cursor = next.body.nextCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(created);
  });

  it("takes a session of the platform's account (bearer and cookie), and another platform's session sees only its own", async () => {
    const mine = await platformSession(p.api.app, p.tenant.platform.id);
    const bearer = await list('', { authorization: `Bearer ${mine}` });
    expect(idsOf(bearer.body)).toEqual([ids.declared, ids.tron, ids.paid, ids.pending]);
    const cookie = await list('?status=paid', { cookie: `__Host-session_token=${mine}` });
    expect(idsOf(cookie.body)).toEqual([ids.paid]);
    const theirs = await platformSession(p.api.app, other.platform.id, 'wallet');
    expect(idsOf((await list('', { authorization: `Bearer ${theirs}` })).body)).toEqual([ids.foreign]);
  });

  it('is 401 without credentials and 403 with a Client ID (public)', async () => {
    expect((await list('', {})).status).toBe(401);
    const res = await p.call('GET', '/v2/requests', undefined, { 'x-client-id': p.tenant.client.clientId });
    expect(res).toMatchObject({ status: 403, body: { message: expect.stringMatching(/^x-client-id is not allowed on this route/) } });
  });

  it.each([
    ['?status=settled', 'status'],
    ['?network=mars', 'network'],
    ['?currency=%20x', 'currency'],
    ['?from=yesterday', 'from'],
    ['?from=2025-03-02T00:00:00Z&to=2025-03-01T00:00:00Z', 'to'],
    ['?paymentReference=0x12', 'paymentReference'],
    ['?payer=0x1234', 'payer'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['?cursor=***', 'cursor'],
    ['?sort=amount', 'sort'],
  ])('answers 400 in the error shape for %s', async (query, field) => {
    const res = await p.call<{ statusCode: number; error: string; message: string; errors: { field: string }[] }>(
      'GET',
      `/v2/requests${query}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });
});
