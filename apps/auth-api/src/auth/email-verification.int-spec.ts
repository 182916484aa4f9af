import { randomBytes } from 'node:crypto';
import type { InProcessApi, ManualClock } from '@payrail/test-support/in-process.js';
import { latestVerificationToken, mailsTo } from '@payrail/test-support/mail-outbox.js';
import { json, sessionCookie, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

let n = 0;
const email = () => `verify${++n}.${Date.now()}@example.com`;
const HOUR = 3600_000;

describe('e-mail ownership is verified before the first login (over HTTP, outbox mail transport)', () => {
  let api: InProcessApi;
  let clock: ManualClock;
  let outbox: string;

  beforeAll(async () => {
    const started = await startAuthApi(1);
    [api] = started.apis as [InProcessApi];
    ({ clock, outbox } = started);
  });
  afterAll(() => api.close());

  const register = (address: string, password: string) => fetch(`${api.url}/v1/auth/register`, json({ email: address, password }));
  const login = (address: string, password: string) => fetch(`${api.url}/v1/auth/login`, json({ email: address, password }));
  const verify = (token: unknown) => fetch(`${api.url}/v1/auth/verify-email`, json({ token }));
  const resend = (address: string) => fetch(`${api.url}/v1/auth/verify-email/resend`, json({ email: address }));
  const INVALID = {
    statusCode: 400,
    message: 'Invalid or expired verification token',
    error: 'Bad Request',
    errors: [{ field: 'token', message: 'token is unknown, already used or expired' }],
  };

  it('refuses login with 403 until the mailed token is used, then signs in', async () => {
    const address = email();
    expect((await register(address, 'owner password')).status).toBe(201);
    const [mail] = await mailsTo(outbox, address);
    expect(mail).toMatchObject({ kind: 'email-verification', to: address, subject: 'Confirm your e-mail address for Payrail' });
    expect(mail.token).toMatch(/^evt_[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(mail.token);
    expect(Date.parse(mail.expiresAt) - clock.now()).toBe(24 * HOUR);

    const refused = await login(address, 'owner password');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      statusCode: 403,
      message:
        'E-mail address not verified: use the token sent at registration (POST /v1/auth/verify-email), or ask for a new one (POST /v1/auth/verify-email/resend)',
      error: 'Forbidden',
    });
    expect(sessionCookie(refused)).toBeUndefined();

    const verified = await verify(mail.token);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ status: 'verified' });
    const signedIn = await login(address, 'owner password');
    expect(signedIn.status).toBe(200);
    expect(sessionCookie(signedIn)).toBeDefined();
  });

  it('keeps the 401 of an unknown e-mail and of a wrong password for an unverified account (403 needs the password)', async () => {
    const address = email();
    await register(address, 'owner password');
    const unknown = await login(email(), 'owner password');
    const wrong = await login(address, 'not the password');
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('uses a token once: the second use is refused like an unknown token', async () => {
    const address = email();
    await register(address, 'single use');
    const token = await latestVerificationToken(outbox, address);
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(INVALID);
  });

  it('refuses a wrong token (well-formed but never issued, or malformed) and keeps the account unverified', async () => {
    const address = email();
    await register(address, 'wrong token');
    const forged = await verify(`evt_${randomBytes(32).toString('base64url')}`);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual(INVALID);
    for (const junk of ['', 'evt_short', `prk_${randomBytes(32).toString('base64url')}`, 42, null]) {
      const res = await verify(junk);
      expect([junk, res.status]).toEqual([junk, 400]);
      const fields = ((await res.json()) as { errors: { field: string }[] }).errors.map((e) => e.field);
      expect(new Set(fields)).toEqual(new Set(['token']));
    }
    expect((await login(address, 'wrong token')).status).toBe(403);
  });

  it('refuses a token past its 24 hours; a resent token works', async () => {
    const address = email();
    await register(address, 'slow reader');
    const stale = await latestVerificationToken(outbox, address);
    clock.advance(24 * HOUR + 1000);
    const expired = await verify(stale);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual(INVALID);
    expect((await login(address, 'slow reader')).status).toBe(403);
    expect((await resend(address)).status).toBe(202);
    const fresh = await latestVerificationToken(outbox, address);
    expect(fresh).not.toBe(stale);
    expect((await verify(fresh)).status).toBe(200);
    expect((await login(address, 'slow reader')).status).toBe(200);
  });

  it("lets the owner's token set the owner's password when a stranger registers the same unverified e-mail", async () => {
    const address = email();
    await register(address, 'owner password');
    const ownerToken = await latestVerificationToken(outbox, address);
    expect((await register(address, 'stranger password')).status).toBe(201);
    expect(await latestVerificationToken(outbox, address)).not.toBe(ownerToken);
    expect((await verify(ownerToken)).status).toBe(200);
    expect((await login(address, 'stranger password')).status).toBe(401);
    expect((await login(address, 'owner password')).status).toBe(200);
    // Verifying dropped every other token of the account, the stranger's included.
    expect((await verify(await latestVerificationToken(outbox, address))).status).toBe(400);
  });

  it('sends nothing for an already verified account at register (same answer)', async () => {
    const address = email();
    await register(address, 'first password');
    await verify(await latestVerificationToken(outbox, address));
    const again = await register(address, 'second password');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ status: 'registered', email: address });
    expect(await mailsTo(outbox, address)).toHaveLength(1);
  });
});

describe('POST /v1/auth/verify-email/resend reveals nothing and is limited per address and per IP', () => {
  let api: InProcessApi;
  let outbox: string;

  beforeAll(async () => {
    const started = await startAuthApi(1, {
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_SIGN_IN_PER_SECOND: '100',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '12',
      EMAIL_RESEND_PER_ADDRESS: '2',
    });
    [api] = started.apis as [InProcessApi];
    outbox = started.outbox;
  });
  afterAll(() => api.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const resend = (address: string, ip: string) => fetch(`${api.url}/v1/auth/verify-email/resend`, json({ email: address }, from(ip)));
  const answer = async (res: Response) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() });

  it('answers an unknown, a verified and an unverified address alike, and mails only the unverified one', async () => {
    const [unknown, verified, unverified] = [email(), email(), email()];
    for (const address of [verified, unverified])
      expect(
        (await fetch(`${api.url}/v1/auth/register`, json({ email: address, password: 'password 1' }, from('203.0.113.1')))).status,
      ).toBe(201);
    await fetch(`${api.url}/v1/auth/verify-email`, json({ token: await latestVerificationToken(outbox, verified) }));

    const answers: unknown[] = [];
    for (const address of [unknown, verified, unverified]) {
      const res = await resend(address, '203.0.113.2');
      expect(res.status).toBe(202);
      answers.push(await res.json());
    }
    expect(answers).toEqual([unknown, verified, unverified].map((address) => ({ status: 'accepted', email: address })));
    expect(await mailsTo(outbox, unknown)).toHaveLength(0);
    expect(await mailsTo(outbox, verified)).toHaveLength(1); // the registration's only
    expect(await mailsTo(outbox, unverified)).toHaveLength(2); // registration + resend

    // The per-address limit (2 here) counts unknown and known addresses the same way.
    const second = await Promise.all([unknown, unverified].map((address) => resend(address, '203.0.113.3').then(answer)));
    const third = await Promise.all([unknown, unverified].map((address) => resend(address, '203.0.113.4').then(answer)));
    expect(second.map((a) => a.status)).toEqual([202, 202]);
    expect(third[0]).toEqual(third[1]);
    expect(third[0].status).toBe(429);
    expect(JSON.parse(third[0].body)).toEqual({
      statusCode: 429,
      message: 'Too many verification e-mails asked for this address; try again later',
      error: 'Too Many Requests',
    });
    expect(Number(third[0].retryAfter)).toBeGreaterThan(3000);
    expect(await mailsTo(outbox, unverified)).toHaveLength(3);
  });

  it('shares the low per-IP sign-in budget (12 a minute here): one IP cannot spray resends over many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await resend(email(), '198.51.100.60')).status);
    expect(statuses).toEqual([...Array<number>(12).fill(202), 429]);
    expect((await resend(email(), '198.51.100.61')).status).toBe(202);
  });
});
