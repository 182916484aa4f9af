import type { InProcessApi, ManualClock } from '@payrail/test-support/in-process.js';
import { verifyEmailOf } from '@payrail/test-support/mail-outbox.js';
import { json, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';
import { PasswordHasher } from './password-hasher.js';

// Every request names its client through X-Forwarded-For (the apps trust the loopback proxy here).
const from = (ip: string) => ({ 'x-forwarded-for': ip });
let n = 0;
const email = () => `throttle${++n}.${Date.now()}@example.com`;

describe('sign-in back-off per account and client IP (Redis-reserved before argon2)', () => {
  let api: InProcessApi;
  let clock: ManualClock;
  let outbox: string;
  let hashes = 0;

  beforeAll(async () => {
    const started = await startAuthApi(1, {
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_SIGN_IN_PER_SECOND: '1000',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
    });
    [api] = started.apis as [InProcessApi];
    clock = started.clock;
    outbox = started.outbox;
    // Count the password checks argon2 runs (the use case holds this very instance).
    const hasher = api.app.get(PasswordHasher, { strict: false });
    const verify = hasher.verify.bind(hasher);
    hasher.verify = (hash, password) => {
      hashes++;
      return verify(hash, password);
    };
  });
  afterAll(() => api.close());

  /** A registered and verified account (its owner used the token of the mail). */
  const register = async (address: string, password: string) => {
    const res = await fetch(`${api.url}/v1/auth/register`, json({ email: address, password }, from('198.51.100.200')));
    if (res.status === 201) await verifyEmailOf(api.url, outbox, address);
    return res;
  };
  const login = (address: string, password: string, ip: string) =>
    fetch(`${api.url}/v1/auth/login`, json({ email: address, password }, from(ip)));

  it('lets a burst of 20 parallel wrong passwords reach argon2 only 5 times (the free attempts); the rest are 429', async () => {
    const address = email();
    expect((await register(address, 'the real password')).status).toBe(201);
    const before = hashes;
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(address, 'a wrong guess', '203.0.113.10')));
    expect(hashes - before).toBe(5);
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(15);
    expect(await refused[0].json()).toEqual({
      statusCode: 429,
      message: 'Too many failed sign-in attempts; try again later',
      error: 'Too Many Requests',
    });
    expect(Number(refused[0].headers.get('retry-after'))).toBe(1);
  });

  it('keeps the account open to another IP while one IP is backed off (no lock-out of a known e-mail)', async () => {
    const address = email();
    await register(address, 'owner password');
    for (let i = 0; i < 6; i++) await login(address, 'attacker guess', '203.0.113.20');
    expect((await login(address, 'owner password', '203.0.113.20')).status).toBe(429);
    expect((await login(address, 'owner password', '198.51.100.7')).status).toBe(200);
  });

  it('doubles the wait at every further failure up to the cap, and a success resets it', async () => {
    const address = email();
    await register(address, 'patient owner');
    const ip = '203.0.113.30';
    for (let i = 0; i < 5; i++) expect((await login(address, 'wrong guess', ip)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const refused = await login(address, 'wrong guess', ip);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await login(address, 'wrong guess', ip)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    clock.advance(900_000);
    expect((await login(address, 'patient owner', ip)).status).toBe(200);
    expect((await login(address, 'wrong guess', ip)).status).toBe(401); // not 429: the success reset the pair
  });

  it('backs off an IPv6 client by its /64: another address of the /64 waits too, another /64 does not', async () => {
    const address = email();
    await register(address, 'v6 password');
    for (let i = 0; i < 5; i++) expect((await login(address, 'wrong guess', `2001:db8:77:1::${i + 1}`)).status).toBe(401);
    expect((await login(address, 'v6 password', '2001:db8:77:1:ffff:ffff:ffff:fffe')).status).toBe(429);
    expect((await login(address, 'v6 password', '2001:db8:77:2::1')).status).toBe(200);
  });
});

describe('the dedicated per-IP limit of register, login and wallet challenge', () => {
  let api: InProcessApi;
  let clock: ManualClock;

  beforeAll(async () => {
    const started = await startAuthApi(1, {
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_SIGN_IN_PER_SECOND: '100',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '4',
    });
    [api] = started.apis as [InProcessApi];
    clock = started.clock;
  });
  afterAll(() => api.close());

  const challenge = (ip: string) =>
    fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address: '0x000000000000000000000000000000000000dEaD' }, from(ip)));
  const register = (ip: string) => fetch(`${api.url}/v1/auth/register`, json({ email: email(), password: 'long enough' }, from(ip)));
  const login = (ip: string) => fetch(`${api.url}/v1/auth/login`, json({ email: email(), password: 'long enough' }, from(ip)));

  it('shares one low budget across the three routes per client IP, then answers 429 in the spec shape', async () => {
    const ip = '198.51.100.50';
    expect([(await challenge(ip)).status, (await register(ip)).status, (await login(ip)).status, (await challenge(ip)).status]).toEqual([
      201, 201, 401, 201,
    ]);
    const limited = await register(ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(await limited.json()).toEqual({ statusCode: 429, message: 'Too many requests', error: 'Too Many Requests' });
    expect((await login('198.51.100.51')).status).toBe(401); // another address has its own budget
    clock.advance(61_000);
    expect((await challenge(ip)).status).toBe(201);
  });

  it('buckets IPv6 clients by /64: addresses of one /64 share the budget, another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await challenge(`2001:db8:5:6::${(i + 1).toString(16)}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    expect((await challenge('2001:db8:5:6:abcd::99')).status).toBe(429);
    expect((await challenge('2001:db8:5:7::1')).status).toBe(201);
  });
});

describe('a per-account ceiling across addresses (a guesser rotating IPv6 /64s)', () => {
  let api: InProcessApi;
  let clock: ManualClock;
  let outbox: string;

  beforeAll(async () => {
    const started = await startAuthApi(1, {
      TRUSTED_PROXIES: 'loopback',
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_SIGN_IN_PER_SECOND: '1000',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '10000',
      LOGIN_ACCOUNT_MAX_FAILURES: '10',
      LOGIN_ACCOUNT_WINDOW_SECONDS: '600',
    });
    [api] = started.apis as [InProcessApi];
    clock = started.clock;
    outbox = started.outbox;
  });
  afterAll(() => api.close());

  const login = (address: string, password: string, ip: string) =>
    fetch(`${api.url}/v1/auth/login`, json({ email: address, password }, from(ip)));

  it('refuses the 11th guess within the window from any new /64, keeps the owner signing in from a known address, and lifts a window after', async () => {
    const address = email();
    const res = await fetch(`${api.url}/v1/auth/register`, json({ email: address, password: 'owner secret' }, from('198.51.100.50')));
    expect(res.status).toBe(201);
    await verifyEmailOf(api.url, outbox, address);
    // The owner signed in from home once.
    expect((await login(address, 'owner secret', '198.51.100.51')).status).toBe(200);
    // 4 guesses per /64 stay under the pair's free attempts: without a ceiling this never ends.
    const statuses: number[] = [];
    for (let net = 0; net < 4; net++)
      for (let i = 0; i < 4; i++) statuses.push((await login(address, `guess ${net}.${i}`, `2001:db8:${0x100 + net}:1::${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array<number>(6).fill(429));
    const refused = await login(address, 'another guess', '2001:db8:999:1::1');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      statusCode: 429,
      message: 'Too many failed sign-in attempts on this account; try again later',
      error: 'Too Many Requests',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner at home is not locked out; the right password from a new address waits like a guess.
    expect((await login(address, 'owner secret', '198.51.100.51')).status).toBe(200);
    expect((await login(address, 'owner secret', '203.0.113.99')).status).toBe(429);
    // The ceiling lifts by itself once the guessing stops for a window.
    clock.advance(600_000);
    expect((await login(address, 'owner secret', '203.0.113.99')).status).toBe(200);
  });
});
