import type { InProcessApi, ManualClock } from '@payrail/test-support/in-process.js';
import { registerVerified, verifyEmailOf } from '@payrail/test-support/mail-outbox.js';
import { DASHBOARD, json, sessionCookie, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

describe('e-mail/password accounts and sessions over HTTP (two replicas, one Redis)', () => {
  let a: InProcessApi;
  let b: InProcessApi;
  let clock: ManualClock;
  let outbox: string;
  let n = 0;
  const email = () => `user${++n}.${Date.now()}@Example.COM`;

  beforeAll(async () => {
    const started = await startAuthApi(2, { LOGIN_FREE_ATTEMPTS: '3' });
    [a, b] = started.apis as [InProcessApi, InProcessApi];
    clock = started.clock;
    outbox = started.outbox;
  });
  afterAll(async () => Promise.all([a.close(), b.close()]));

  const register = (api: InProcessApi, body: object) => fetch(`${api.url}/v1/auth/register`, json(body));
  const login = (api: InProcessApi, body: object) => fetch(`${api.url}/v1/auth/login`, json(body));
  const session = (api: InProcessApi, token: string) =>
    fetch(`${api.url}/v1/auth/session`, { headers: { cookie: `__Host-session_token=${token}` } });

  it('registers, normalises the e-mail, and once it is verified logs in with a 30-day session cookie', async () => {
    const address = email();
    const created = await register(a, { email: `  ${address} `, password: 'correct horse' });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ status: 'registered', email: address.toLowerCase() });
    await verifyEmailOf(a.url, outbox, address);
    const res = await login(b, { email: address.toUpperCase(), password: 'correct horse' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()[0]).toMatch(/Max-Age=2592000/);
    const body = (await res.json()) as { kind: string; user: { email: string } };
    expect(body).toMatchObject({ kind: 'email', user: { email: address.toLowerCase() }, wallet: null });
    expect(sessionCookie(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('validates e-mail and password length (8 to 100)', async () => {
    for (const [body, field] of [
      [{ email: 'not-an-email', password: 'long enough' }, 'email'],
      [{ email: email(), password: 'short12' }, 'password'],
      [{ email: email(), password: 'x'.repeat(101) }, 'password'],
    ] as const) {
      const res = await register(a, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([field]);
    }
    expect((await register(a, { email: email(), password: 'x'.repeat(100) })).status).toBe(201);
    expect((await register(a, { email: email(), password: '12345678' })).status).toBe(201);
  });

  it('does not reveal whether an e-mail is registered (same status and body) and leaves a verified account unchanged', async () => {
    const address = email();
    const first = await register(a, { email: address, password: 'first password' });
    await verifyEmailOf(a.url, outbox, address);
    const again = await register(a, { email: address, password: 'another password' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.json()).toEqual(await first.json());
    expect((await login(a, { email: address, password: 'another password' })).status).toBe(401); // unchanged
    expect((await login(a, { email: address, password: 'first password' })).status).toBe(200);
    const unknown = await login(a, { email: email(), password: 'whatever1' });
    const wrong = await login(a, { email: address, password: 'wrong password' });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('backs an account and client IP off after repeated failures, even with the right password', async () => {
    const address = email();
    await register(a, { email: address, password: 'right password' });
    for (let i = 0; i < 3; i++) expect((await login(i % 2 ? a : b, { email: address, password: 'wrong password' })).status).toBe(401);
    const blocked = await login(a, { email: address, password: 'right password' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('expires an e-mail session after 30 days', async () => {
    const address = email();
    await registerVerified(a.url, outbox, { email: address, password: 'thirty days' });
    const token = sessionCookie(await login(a, { email: address, password: 'thirty days' }))!;
    clock.advance(29 * 24 * 3600 * 1000);
    expect((await session(b, token)).status).toBe(200);
    clock.advance(24 * 3600 * 1000 + 1);
    expect((await session(b, token)).status).toBe(401);
  });

  it('logout deletes the session for every replica and clears the cookie', async () => {
    const address = email();
    await registerVerified(a.url, outbox, { email: address, password: 'log me out' });
    const token = sessionCookie(await login(a, { email: address, password: 'log me out' }))!;
    expect((await session(b, token)).status).toBe(200);
    const out = await fetch(`${b.url}/v1/auth/logout`, {
      method: 'POST',
      headers: { cookie: `__Host-session_token=${token}`, origin: DASHBOARD },
    });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^__Host-session_token=;.*Expires=Thu, 01 Jan 1970/);
    expect((await session(a, token)).status).toBe(401);
    expect((await session(b, token)).status).toBe(401);
  });

  it('issues a new session id at every sign-in', async () => {
    const address = email();
    await registerVerified(a.url, outbox, { email: address, password: 'new every time' });
    const first = sessionCookie(await login(a, { email: address, password: 'new every time' }));
    const second = sessionCookie(await login(a, { email: address, password: 'new every time' }));
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
  });
});
