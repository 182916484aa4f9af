import { UpdateClientId } from '@payrail/tenancy';
import { Wallet } from 'ethers';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import { registerVerified } from '@payrail/test-support/mail-outbox.js';
import { DASHBOARD, json, sessionCookie, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

describe('Client ID management with a session (auth-api /v1/client-ids)', () => {
  let api: InProcessApi;
  let walletToken: string;
  let emailToken: string;

  beforeAll(async () => {
    const started = await startAuthApi();
    [api] = started.apis as [InProcessApi];
    const wallet = Wallet.createRandom();
    const c = (await (await fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address: wallet.address }))).json()) as {
      challengeId: string;
      nonce: string;
      message: string;
    };
    const signature = await wallet.signMessage(c.message);
    walletToken = sessionCookie(
      await fetch(`${api.url}/v1/auth/wallet/verify`, json({ challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature })),
    )!;
    expect(walletToken).toBeDefined();
    const email = `cid.${Date.now()}@example.com`;
    await registerVerified(api.url, started.outbox, { email, password: 'password123' });
    emailToken = sessionCookie(await fetch(`${api.url}/v1/auth/login`, json({ email, password: 'password123' })))!;
  });
  afterAll(() => api.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const call = (method: string, path: string, headers: Record<string, string>, body?: object) =>
    fetch(`${api.url}/v1/client-ids${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });

  it('creates, lists, reads, updates and revokes Client IDs with a wallet session', async () => {
    const created = await call('POST', '', bearer(walletToken), {
      label: 'Shop',
      allowedDomains: ['https://Shop.example.com', 'http://localhost:3000'],
    });
    expect(created.status).toBe(201);
    const view = (await created.json()) as { id: string; clientId: string; allowedDomains: string[]; status: string };
    expect(view).toMatchObject({
      clientId: expect.stringMatching(/^cli_/),
      allowedDomains: ['https://shop.example.com', 'http://localhost:3000'],
      status: 'active',
      label: 'Shop',
    });
    expect(((await (await call('GET', '', bearer(walletToken))).json()) as { id: string }[]).map((c) => c.id)).toContain(view.id);
    expect((await (await call('GET', `/${view.id}`, bearer(walletToken))).json()) as object).toMatchObject({ id: view.id });
    const updated = await call('PUT', `/${view.id}`, bearer(walletToken), {
      label: 'Shop 2',
      status: 'inactive',
      feePercentage: '1.5',
      feeAddress: Wallet.createRandom().address,
    });
    expect(await updated.json()).toMatchObject({ label: 'Shop 2', status: 'inactive', feePercentage: '1.50' });
    const revoked = await call('DELETE', `/${view.id}`, bearer(walletToken));
    expect(await revoked.json()).toMatchObject({ status: 'revoked' });
    const reactivate = await call('PUT', `/${view.id}`, bearer(walletToken), { status: 'active' });
    expect(reactivate.status).toBe(400);
    expect(((await reactivate.json()) as { message: string }).message).toBe('Cannot reactivate a revoked Client ID');
  });

  it("cannot lift the operator's restricted status: 403, still restricted", async () => {
    const created = (await (await call('POST', '', bearer(walletToken), { label: 'Restricted' })).json()) as {
      id: string;
      clientId: string;
    };
    // The operator restricts it (the admin CLI's `client-id update --status restricted` runs this use case).
    await api.app.get(UpdateClientId).execute({ clientId: created.clientId, status: 'restricted' });
    const res = await call('PUT', `/${created.id}`, bearer(walletToken), { status: 'active' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      statusCode: 403,
      message: 'Client ID is restricted by the operator: only the operator can change its status',
      error: 'Forbidden',
    });
    expect(await (await call('GET', `/${created.id}`, bearer(walletToken))).json()).toMatchObject({ status: 'restricted' });
  });

  it('validates the body: label, origins, fee', async () => {
    for (const body of [
      { label: '' },
      { label: 'x', allowedDomains: ['http://shop.example.com'] },
      { label: 'x', allowedDomains: ['https://a.example.com/path'] },
      { label: 'x', allowedDomains: ['https://a.example.com', 'https://A.example.com'] },
      { label: 'x', allowedDomains: Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`) },
      { label: 'x', feePercentage: '2.5' },
      { label: 'x', feePercentage: '101', feeAddress: Wallet.createRandom().address },
      { label: 'x', unknown: true },
    ]) {
      const res = await call('POST', '', bearer(walletToken), body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
  });

  it('requires a wallet session: e-mail sessions get 403, no session 401', async () => {
    expect((await call('GET', '', bearer(emailToken))).status).toBe(403);
    expect((await call('GET', '', { 'content-type': 'application/json' })).status).toBe(401);
  });

  it('accepts cookie-authenticated changes only from a dashboard origin (CSRF)', async () => {
    const cookie = { cookie: `__Host-session_token=${walletToken}`, 'content-type': 'application/json' };
    expect((await call('POST', '', { ...cookie, origin: 'https://evil.example' }, { label: 'csrf' })).status).toBe(403);
    expect((await call('POST', '', cookie, { label: 'csrf' })).status).toBe(403);
    expect((await call('POST', '', { ...cookie, origin: DASHBOARD }, { label: 'ok' })).status).toBe(201);
    expect((await call('GET', '', cookie)).status).toBe(200); // reads are not state changes
  });

  it('grants credentialed CORS to the dashboard origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/v1/client-ids`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const ok = await preflight(DASHBOARD);
    expect(ok.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
