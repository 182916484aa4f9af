import { sqlExecute } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { PaymentsApiModule } from '../app.module.js';

type Record_ = { userId: string; clientUserId: string; kycStatus: string; agreementStatus: string; isCompliant: boolean };
type Page = { data: Record_[]; nextCursor: string | null };

const identity = (clientUserId: string) => ({
  clientUserId,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  beneficiaryType: 'individual',
  dateOfBirth: '1990-12-10',
  addressLine1: '12 Analytical Street',
  city: 'London',
  state: 'Greater London',
  postcode: 'NW1 6XE',
  country: 'GB',
  nationality: 'GB',
  phone: '+447700900123',
});

describe('GET /v2/payers: compliance records with search, status filters and keyset pagination', () => {
  let api: InProcessApi;
  let db: DataSource;
  let mine: Awaited<ReturnType<typeof createTenant>>;
  let bearer: Record<string, string>;
  let theirBearer: Record<string, string>;

  const call = async <T>(method: string, path: string, headers: Record<string, string>, body?: object) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const list = (query = '', headers = bearer) => call<Page>('GET', `/v2/payers${query}`, headers);
  const users = (page: Page) => page.data.map((r) => r.clientUserId);

  beforeAll(async () => {
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(
        appEnv(await createTestDatabase(), uniqueName('payers'), { LOG_LEVEL: 'silent', PUBLIC_URL: 'http://payrail.test' }),
      ),
    );
    db = api.app.get(DataSource);
    mine = await createTenant(api.app);
    const theirs = await createTenant(api.app);
    bearer = { authorization: `Bearer ${await platformSession(api.app, mine.platform.id)}` };
    theirBearer = { authorization: `Bearer ${await platformSession(api.app, theirs.platform.id)}` };
    for (const user of ['alice@shop.example', 'bob_1@shop.example', 'carol%x']) {
      expect((await call('POST', '/v2/payer', { 'x-api-key': mine.apiKey.apiKey }, identity(user))).status).toBe(200);
    }
    await call('POST', '/v2/payer', { 'x-api-key': theirs.apiKey.apiKey }, identity('alice@other.example'));
    await sqlExecute(db, `UPDATE payers SET kyc_status = 'approved', agreement_status = 'completed' WHERE client_user_id = $1`, [
      'alice@shop.example',
    ]);
    await sqlExecute(db, `UPDATE payers SET kyc_status = 'rejected' WHERE client_user_id = $1`, ['bob_1@shop.example']);
  });
  afterAll(() => api?.close());

  it("lists the platform's records newest first with the record's statuses, never the identity", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(users(res.body)).toEqual(['carol%x', 'bob_1@shop.example', 'alice@shop.example']);
    expect(res.body.data[2]).toMatchObject({ kycStatus: 'completed', agreementStatus: 'completed', isCompliant: true });
    expect(JSON.stringify(res.body)).not.toMatch(/Lovelace|Analytical|\+4477/);
    expect(users((await list('', theirBearer)).body)).toEqual(['alice@other.example']);
    expect(users((await list('', { 'x-api-key': mine.apiKey.apiKey })).body)).toHaveLength(3);
  });

  it.each([
    ['?search=ALICE', ['alice@shop.example']],
    ['?search=_1', ['bob_1@shop.example']],
    ['?search=%25', ['carol%x']],
    ['?search=shop.example', ['bob_1@shop.example', 'alice@shop.example']],
    ['?kycStatus=completed', ['alice@shop.example']],
    ['?kycStatus=rejected', ['bob_1@shop.example']],
    ['?agreementStatus=not_started', ['carol%x', 'bob_1@shop.example']],
    ['?isCompliant=true', ['alice@shop.example']],
    ['?isCompliant=false', ['carol%x', 'bob_1@shop.example']],
  ])('filters %s (LIKE wildcards in the search match literally)', async (query, expected) => {
    expect(users((await list(query)).body)).toEqual(expected);
  });

  it('pages with the cursor without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: Page } = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...users(page.body));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['carol%x', 'bob_1@shop.example', 'alice@shop.example']);
  });

  it('is 401 without credentials and 403 with a Client ID', async () => {
    expect((await list('', {})).status).toBe(401);
    expect((await list('', { 'x-client-id': mine.client.clientId })).status).toBe(403);
  });

  it.each([
    ['?kycStatus=approved', 'kycStatus'],
    ['?agreementStatus=done', 'agreementStatus'],
    ['?isCompliant=yes', 'isCompliant'],
    ['?search=', 'search'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ])('answers 400 in the error shape for %s', async (query, field) => {
    const res = await call<{ errors: { field: string }[] }>('GET', `/v2/payers${query}`, bearer);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });
});
