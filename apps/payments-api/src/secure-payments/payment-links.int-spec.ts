import { sqlExecute, sqlOne } from '@payrail/persistence';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { ORIGIN, PAYMENT, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const DASHBOARD = 'https://dashboard.payrail.test';
type Link = {
  token: string;
  type: string;
  status: string;
  clientId: string | null;
  securePaymentUrl: string;
  requests: { requestId: string; expectedAmount: string }[];
  children: { token: string; position: number; status: string; request: { requestId: string; payee: string } }[];
};
type Page = { data: Link[]; nextCursor: string | null };
const PAYEES = ['0x00000000000000000000000000000000000c0c01', '0x00000000000000000000000000000000000c0c02'];

describe('payment links by session: create (POST /v2/secure-payments), list with children, invalidate', () => {
  let s: SecurePaymentsApi;
  let bearer: Record<string, string>;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let otherBearer: Record<string, string>;

  beforeAll(async () => {
    s = await startSecurePaymentsApi({ DASHBOARD_ORIGINS: DASHBOARD });
    bearer = { authorization: `Bearer ${await platformSession(s.p.api.app, s.p.tenant.platform.id)}` };
    other = await createTenant(s.p.api.app);
    otherBearer = { authorization: `Bearer ${await platformSession(s.p.api.app, other.platform.id, 'wallet')}` };
  });
  afterAll(() => s?.p.close());

  const list = (query = '', headers = bearer) => s.p.call<Page>('GET', `/v2/secure-payments${query}`, undefined, headers);
  const tokens = (page: Page) => page.data.map((l) => l.token);

  it('creates with a session through the same use case: the platform owns it with no Client ID (no Client ID fee), and any Client ID of the platform reads its page', async () => {
    const res = await s.create({ requests: [PAYMENT], reference: 'dash-1', redirectUrl: 'https://shop.example/done' }, bearer);
    expect(res.status).toBe(201);
    // The page needs a Client ID: the link names the platform's oldest active one, at creation and in the list.
    expect(res.body.securePaymentUrl).toBe(`https://pay.payrail.test/${res.body.token}?clientId=${s.p.tenant.client.clientId}`);
    const listed = (await list('?limit=100')).body.data.find((l) => l.token === res.body.token);
    expect(listed?.securePaymentUrl).toBe(res.body.securePaymentUrl);
    const row = await sqlOne<{ platform_id: string; client_id_id: string | null; orchestrator_id: string | null }>(
      s.db,
      'SELECT platform_id, client_id_id, orchestrator_id FROM secure_payments WHERE token = $1',
      [res.body.token],
    );
    expect(row).toEqual({ platform_id: s.p.tenant.platform.id, client_id_id: null, orchestrator_id: null });
    const request = await sqlOne<{ client_id_id: string | null; fee_percentage: string | null }>(
      s.db,
      'SELECT client_id_id, fee_percentage FROM requests WHERE id = $1',
      res.body.requestIds,
    );
    expect(request).toEqual({ client_id_id: null, fee_percentage: null });
    expect((await s.page(res.body.token)).status).toBe(200);
    expect((await s.page(res.body.token, '', { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN })).status).toBe(200);
  });

  it('validates a session-created payment exactly as the API key route does (400 with the field named)', async () => {
    const res = await s.create({ requests: [PAYMENT], redirectLabel: 'Back' }, bearer);
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Validation failed: redirectLabel cannot be provided without redirectUrl' },
    });
    const bad = await s.create({ requests: [{ ...PAYMENT, amount: '-1' }], expiresIn: 5 }, bearer);
    expect(bad.status).toBe(400);
  });

  it('takes the session cookie from a dashboard origin and refuses it from another origin (CSRF), creating nothing', async () => {
    const token = await platformSession(s.p.api.app, s.p.tenant.platform.id);
    const cookie = { cookie: `__Host-session_token=${token}` };
    const count = async () =>
      Number(
        (await sqlOne<{ n: string }>(s.db, 'SELECT count(*) AS n FROM secure_payments WHERE platform_id = $1', [s.p.tenant.platform.id]))!
          .n,
      );
    const before = await count();
    const forged = await s.create({ requests: [PAYMENT] }, { ...cookie, origin: 'https://evil.example' });
    expect(forged).toMatchObject({ status: 403, body: { message: 'Cross-site request refused: Origin is not a dashboard origin' } });
    expect(await count()).toBe(before);
    expect((await s.create({ requests: [PAYMENT] }, { ...cookie, origin: DASHBOARD })).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });

  it('lists single payments and multicall payouts newest first, a multicall with its children in position order (never as rows)', async () => {
    const single = await s.create({ requests: [PAYMENT] }, bearer);
    const multi = await s.p.call<{ token: string; requestIds: string[]; children: { securePaymentToken: string }[] }>(
      'POST',
      '/v2/secure-payments/multicall-payouts',
      { payouts: PAYEES.map((payee, i) => ({ ...PAYMENT, payee, amount: `${i + 1}` })) },
    );
    expect(multi.status).toBe(201);
    const res = await list('?limit=2');
    expect(res.status).toBe(200);
    expect(tokens(res.body)).toEqual([multi.body.token, single.body.token]);
    const [m] = res.body.data;
    expect(m).toMatchObject({
      type: 'multicall',
      status: 'pending',
      securePaymentUrl: `https://pay.payrail.test/${multi.body.token}?clientId=${s.p.tenant.client.clientId}`,
    });
    expect(m.children.map((c) => [c.position, c.token, c.request.requestId, c.request.payee.toLowerCase()])).toEqual(
      multi.body.children.map((c, i) => [i, c.securePaymentToken, multi.body.requestIds[i], PAYEES[i].toLowerCase()]),
    );
    expect(m.requests.map((r) => r.expectedAmount)).toEqual(['1', '2']);
    const all = await list('?limit=100');
    const childTokens = multi.body.children.map((c) => c.securePaymentToken);
    expect(tokens(all.body).filter((t) => childTokens.includes(t))).toEqual([]);
    expect(tokens((await list('?type=multicall')).body)).toEqual([multi.body.token]);
  });

  it('filters by the status a reader sees (open past expiry is expired) and pages with the cursor without repeats', async () => {
    const a = await s.create({ requests: [PAYMENT] }, bearer);
    const b = await s.create({ requests: [PAYMENT] }, bearer);
    await sqlExecute(s.db, `UPDATE secure_payments SET expires_at = now() - interval '1 minute' WHERE token = $1`, [a.body.token]);
    expect((await s.p.call('DELETE', `/v2/secure-payments/${b.body.token}`, undefined, bearer)).status).toBe(200);
    expect(tokens((await list('?status=expired')).body)).toEqual([a.body.token]);
    expect(tokens((await list('?status=invalidated')).body)).toEqual([b.body.token]);
    const pendingPage = await list('?status=pending&limit=100');
    expect(pendingPage.body).toMatchObject({ nextCursor: null });
    const pending = tokens(pendingPage.body);
    expect(pending).not.toContain(a.body.token);
    expect(pending).not.toContain(b.body.token);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { status: number; body: Page } = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page).toMatchObject({ status: 200 });
      seen.push(...tokens(page.body));
      cursor = page.body.nextCursor;
    }
    expect(seen).toEqual(tokens((await list('?limit=100')).body));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("invalidates with a session through the DELETE use case; another platform's session gets 404 and its list is its own", async () => {
    const res = await s.create({ requests: [PAYMENT] }, bearer);
    expect((await s.p.call('DELETE', `/v2/secure-payments/${res.body.token}`, undefined, otherBearer)).status).toBe(404);
    expect(tokens((await list('', otherBearer)).body)).toEqual([]);
    const done = await s.p.call('DELETE', `/v2/secure-payments/${res.body.token}`, undefined, bearer);
    expect(done).toMatchObject({ status: 200, body: { token: res.body.token, status: 'invalidated' } });
    expect((await s.p.call('DELETE', `/v2/secure-payments/${res.body.token}`, undefined, bearer)).status).toBe(409);
  });

  it('is 401 without credentials and 403 with a Client ID on the list and the DELETE', async () => {
    expect((await list('', {})).status).toBe(401);
    const browser = { 'x-client-id': s.browser.clientId, origin: ORIGIN };
    expect((await list('', browser)).status).toBe(403);
    expect((await s.p.call('DELETE', '/v2/secure-payments/01JDQ4W9ZK3M7T1B2C3D4E5F6G', undefined, browser)).status).toBe(403);
    expect((await s.create({ requests: [PAYMENT] }, {})).status).toBe(401);
  });

  it.each([
    ['?status=paid', 'status'],
    ['?type=bulk', 'type'],
    ['?limit=0', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['?sort=token', 'sort'],
  ])('answers 400 in the error shape for %s', async (query, field) => {
    const res = await s.p.call<{ statusCode: number; errors: { field: string }[] }>(
      'GET',
      `/v2/secure-payments${query}`,
      undefined,
      bearer,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });
});
