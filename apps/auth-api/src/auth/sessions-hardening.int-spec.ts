import { Wallet } from 'ethers';
import type { InProcessApi, ManualClock } from '@payrail/test-support/in-process.js';
import { registerVerified } from '@payrail/test-support/mail-outbox.js';
import { DASHBOARD, json, sessionCookie, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

let n = 0;
const email = () => `sessions${++n}.${Date.now()}@example.com`;
const MINUTE = 60_000;

interface Signer {
  address: string;
  signMessage(message: string): Promise<string>;
}

describe('session hardening over HTTP (cookie, token, rotation, log out everywhere, lifetimes)', () => {
  let api: InProcessApi;
  let clock: ManualClock;
  let outbox: string;

  beforeAll(async () => {
    const started = await startAuthApi(1);
    [api] = started.apis as [InProcessApi];
    clock = started.clock;
    outbox = started.outbox;
  });
  afterAll(() => api.close());

  const cookie = (token: string, name = '__Host-session_token') => ({ cookie: `${name}=${token}` });
  const session = (headers: Record<string, string>) => fetch(`${api.url}/v1/auth/session`, { headers });
  const login = (address: string, password: string, headers: Record<string, string> = {}, query = '') =>
    fetch(`${api.url}/v1/auth/login${query}`, json({ email: address, password }, headers));
  const account = async (password = 'session password') => {
    const address = email();
    await registerVerified(api.url, outbox, { email: address, password });
    return address;
  };
  const walletSignIn = async (wallet: Signer, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address: wallet.address }));
    const { challengeId, nonce, message } = (await res.json()) as { challengeId: string; nonce: string; message: string };
    const signature = await wallet.signMessage(message);
    return fetch(`${api.url}/v1/auth/wallet/verify`, json({ challengeId, nonce, message, signature }, headers));
  };

  it('sets the session as a __Host- cookie (Secure, Path=/, no Domain) and never echoes the token in the body', async () => {
    const address = await account();
    const res = await login(address, 'session password');
    expect(res.status).toBe(200);
    const [setCookie, ...others] = res.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(setCookie).toMatch(
      /^__Host-session_token=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    const text = await res.text();
    expect(text).not.toContain(sessionCookie(res)!);
    expect(JSON.parse(text)).not.toHaveProperty('sessionToken');
    expect((await session(cookie(sessionCookie(res)!))).status).toBe(200);
    expect((await session(cookie(sessionCookie(res)!, 'session_token'))).status).toBe(200); // the interface's name is still read
  });

  it('answers the token only to a client that asks for it (?bearer=true), then sets no cookie', async () => {
    const address = await account();
    const res = await login(address, 'session password', {}, '?bearer=true');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    const { sessionToken, kind } = (await res.json()) as { sessionToken: string; kind: string };
    expect(kind).toBe('email');
    expect((await session({ authorization: `Bearer ${sessionToken}` })).status).toBe(200);
    const bad = await login(address, 'session password', {}, '?bearer=yes');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/bearer must be true or false/);
  });

  it('rotates the session at e-mail sign-in: a session cookie the request carried is revoked (no fixation)', async () => {
    const victim = await account();
    const planted = sessionCookie(await login(await account(), 'session password'))!; // the attacker's own session
    const res = await login(victim, 'session password', cookie(planted));
    expect(res.status).toBe(200);
    const fresh = sessionCookie(res)!;
    expect(fresh).not.toBe(planted);
    expect((await session(cookie(planted))).status).toBe(401);
    expect((await session(cookie(fresh))).status).toBe(200);
  });

  it('rotates the session at wallet sign-in too, including one under the legacy cookie name', async () => {
    const wallet = Wallet.createRandom();
    const first = sessionCookie(await walletSignIn(wallet))!;
    const res = await walletSignIn(wallet, cookie(first, 'session_token'));
    expect(res.status).toBe(200);
    expect((await session(cookie(first))).status).toBe(401);
    expect((await session(cookie(sessionCookie(res)!))).status).toBe(200);
  });

  it('logs out everywhere: every session of the user ends (cookie and bearer, other devices), other users keep theirs', async () => {
    const address = await account();
    const laptop = sessionCookie(await login(address, 'session password'))!;
    const phone = sessionCookie(await login(address, 'session password'))!;
    const script = ((await (await login(address, 'session password', {}, '?bearer=true')).json()) as { sessionToken: string }).sessionToken;
    const bystander = sessionCookie(await login(await account(), 'session password'))!;
    const out = await fetch(`${api.url}/v1/auth/logout-all`, { method: 'POST', headers: { ...cookie(laptop), origin: DASHBOARD } });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true, revoked: 3 });
    expect(out.headers.getSetCookie()[0]).toMatch(/^__Host-session_token=;.*Expires=Thu, 01 Jan 1970/);
    for (const token of [laptop, phone]) expect((await session(cookie(token))).status).toBe(401);
    expect((await session({ authorization: `Bearer ${script}` })).status).toBe(401);
    expect((await session(cookie(bystander))).status).toBe(200);
    expect(
      (await fetch(`${api.url}/v1/auth/logout-all`, { method: 'POST', headers: { ...cookie(laptop), origin: DASHBOARD } })).status,
    ).toBe(401);
  });

  it('refuses log-out-everywhere carried by a cookie from a foreign origin (CSRF)', async () => {
    const token = sessionCookie(await login(await account(), 'session password'))!;
    const res = await fetch(`${api.url}/v1/auth/logout-all`, {
      method: 'POST',
      headers: { ...cookie(token), origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await session(cookie(token))).status).toBe(200);
  });

  it('ends a wallet session 12 hours after sign-in however active it stays (besides the 15-minute idle timeout)', async () => {
    const res = await walletSignIn(Wallet.createRandom());
    const token = sessionCookie(res)!;
    const signedInAt = clock.now();
    while (clock.now() - signedInAt < 12 * 60 * MINUTE - 10 * MINUTE) {
      clock.advance(10 * MINUTE);
      const alive = await session(cookie(token));
      expect(alive.status).toBe(200);
      const { expiresAt } = (await alive.json()) as { expiresAt: string };
      expect(Date.parse(expiresAt)).toBeLessThanOrEqual(signedInAt + 12 * 60 * MINUTE);
    }
    clock.advance(10 * MINUTE);
    expect(clock.now() - signedInAt).toBe(12 * 60 * MINUTE);
    expect((await session(cookie(token))).status).toBe(401);
  });

  it('slides the wallet cookie with the session: each use re-sets it with a fresh Max-Age, capped by the absolute lifetime', async () => {
    const token = sessionCookie(await walletSignIn(Wallet.createRandom()))!;
    clock.advance(10 * MINUTE);
    const used = await session(cookie(token));
    expect(used.headers.getSetCookie()).toEqual([
      expect.stringMatching(new RegExp(`^__Host-session_token=${token}; Max-Age=900; Path=/;`)),
    ]);
    for (let i = 0; i < 70; i++) {
      clock.advance(10 * MINUTE);
      expect((await session(cookie(token))).status).toBe(200);
    }
    clock.advance(5 * MINUTE); // 11 h 55 min after sign-in: 5 minutes of absolute lifetime left
    const capped = await session(cookie(token));
    expect(capped.headers.getSetCookie()).toEqual([expect.stringMatching(/^__Host-session_token=.*; Max-Age=300; /)]);
  });

  it('does not slide an e-mail session cookie (its 30 days run from sign-in)', async () => {
    const address = await account();
    const token = sessionCookie(await login(address, 'session password'))!;
    clock.advance(MINUTE);
    const used = await session(cookie(token));
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie()).toEqual([]);
  });
});
