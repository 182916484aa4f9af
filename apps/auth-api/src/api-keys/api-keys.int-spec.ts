import { sqlExecute, sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { DASHBOARD, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

type Created = { id: string; apiKey: string; prefix: string; platformId: string };
type Page = { data: { id: string; prefix: string; revokedAt: string | null }[]; nextCursor: string | null };

describe('API keys by session (auth-api /v1/api-keys): created and shown once, listed by prefix, revoked', () => {
  let api: InProcessApi;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let wallet: Record<string, string>;
  let otherWallet: Record<string, string>;

  beforeAll(async () => {
    [api] = (await startAuthApi()).apis as [InProcessApi];
    tenant = await createTenant(api.app);
    wallet = { authorization: `Bearer ${await platformSession(api.app, tenant.platform.id, 'wallet')}` };
    const other = await createTenant(api.app);
    otherWallet = { authorization: `Bearer ${await platformSession(api.app, other.platform.id, 'wallet')}` };
  });
  afterAll(() => api?.close());

  const call = async <T>(method: string, path: string, headers: Record<string, string>) => {
    const res = await fetch(`${api.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers } });
    return { status: res.status, body: (await res.json()) as T };
  };
  const list = (query = '', headers = wallet) => call<Page>('GET', `/v1/api-keys${query}`, headers);

  it('creates a key whose secret is answered once and stored only as a hash, and which authenticates as the platform', async () => {
    const res = await call<Created>('POST', '/v1/api-keys', wallet);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ platformId: tenant.platform.id, apiKey: expect.stringMatching(/^prk_/) });
    expect(res.body.prefix).toBe(res.body.apiKey.slice(0, 12));
    const row = await sqlOne<{ key_hash: string }>(api.app.get(DataSource), 'SELECT key_hash FROM api_keys WHERE id = $1', [res.body.id]);
    expect(row!.key_hash).not.toContain(res.body.apiKey.slice(4));
    expect((await list()).body.data.find((k) => k.id === res.body.id)).toEqual({
      id: res.body.id,
      prefix: res.body.prefix,
      createdAt: expect.stringMatching(/Z$/),
      revokedAt: null,
    });
    expect(JSON.stringify((await list()).body)).not.toContain(res.body.apiKey);
    expect((await call('GET', '/v1/webhooks', { 'x-api-key': res.body.apiKey })).status).toBe(200);
  });

  it('lists by prefix and status, newest first, with the cursor; another platform sees none of them', async () => {
    const a = (await call<Created>('POST', '/v1/api-keys', wallet)).body;
    const b = (await call<Created>('POST', '/v1/api-keys', wallet)).body;
    expect((await list(`?prefix=${a.prefix}`)).body.data.map((k) => k.id)).toEqual([a.id]);
    const first = await list('?limit=1');
    expect(first.body.data.map((k) => k.id)).toEqual([b.id]);
    const second = await list(`?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((k) => k.id)).toEqual([a.id]);
    const theirs = (await list('', otherWallet)).body.data.map((k) => k.id);
    expect(theirs).not.toContain(a.id);
    expect(theirs).not.toContain(tenant.apiKey.id);
  });

  it('finds a key by a prefix holding `-` and `_` (the key alphabet is base64url), and `_` matches only itself', async () => {
    const key = (await call<Created>('POST', '/v1/api-keys', wallet)).body;
    const decoy = (await call<Created>('POST', '/v1/api-keys', wallet)).body;
    // Display prefixes fixed by hand: a random key holds `-` in its first 12 characters only about one time in eight.
    const db = api.app.get(DataSource);
    expect(await sqlExecute(db, 'UPDATE api_keys SET prefix = $2 WHERE id = $1', [key.id, 'prk_a-_b1234'])).toBe(1);
    expect(await sqlExecute(db, 'UPDATE api_keys SET prefix = $2 WHERE id = $1', [decoy.id, 'prk_a-xb1234'])).toBe(1);
    expect((await list('?prefix=prk_a-_')).body.data.map((k) => k.id)).toEqual([key.id]);
    expect((await list('?prefix=prk_a-')).body.data.map((k) => k.id)).toEqual([decoy.id, key.id]);
  });

  it("revokes by prefix: the key stops authenticating at once; another platform's session gets 404", async () => {
    const key = (await call<Created>('POST', '/v1/api-keys', wallet)).body;
    expect((await call('DELETE', `/v1/api-keys/${key.prefix}`, otherWallet)).status).toBe(404);
    const res = await call<{ prefix: string; revokedAt: string }>('DELETE', `/v1/api-keys/${key.prefix}`, wallet);
    expect(res).toMatchObject({ status: 200, body: { prefix: key.prefix, revokedAt: expect.stringMatching(/Z$/) } });
    expect((await call('GET', '/v1/webhooks', { 'x-api-key': key.apiKey })).status).toBe(401);
    expect((await list('?status=revoked')).body.data.map((k) => k.id)).toEqual([key.id]);
    expect((await list('?status=active')).body.data.map((k) => k.id)).not.toContain(key.id);
  });

  it('refuses an e-mail session (403), an API key (403), a Client ID (403), no credential (401), and a foreign-origin cookie write (CSRF)', async () => {
    const email = { authorization: `Bearer ${await platformSession(api.app, tenant.platform.id, 'email')}` };
    expect(await call('POST', '/v1/api-keys', email)).toMatchObject({
      status: 403,
      body: { message: 'A wallet session is required to manage API keys' },
    });
    expect((await call('POST', '/v1/api-keys', { 'x-api-key': tenant.apiKey.apiKey })).status).toBe(403);
    expect((await list('', { 'x-client-id': tenant.client.clientId })).status).toBe(403);
    expect((await list('', {})).status).toBe(401);
    const token = await platformSession(api.app, tenant.platform.id, 'wallet');
    const cookie = `__Host-session_token=${token}`;
    expect((await call('POST', '/v1/api-keys', { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('POST', '/v1/api-keys', { cookie, origin: DASHBOARD })).status).toBe(201);
  });

  it.each([
    ['?prefix=prk%25x', 'prefix'],
    ['?prefix=prk_1234567890', 'prefix'],
    ['?status=expired', 'status'],
    ['?limit=0', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ])('answers 400 in the error shape for %s', async (query, field) => {
    const res = await call<{ errors: { field: string }[] }>('GET', `/v1/api-keys${query}`, wallet);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toContain(field);
  });
});
