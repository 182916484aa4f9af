import { randomBytes } from 'node:crypto';
import { Controller, Get, Module } from '@nestjs/common';
import { AppConfigModule, Auth, CredentialCache, CredentialsModule, DatabaseModule, LoggingModule, RedisModule } from '@payrail/platform';
import { ManualClock, startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

@Controller('t')
class ProbeController {
  @Auth('api-key') @Get('api-key') apiKey() {
    return { ok: true };
  }
  @Auth('client-id') @Get('client-id') clientId() {
    return { ok: true };
  }
  @Auth('orchestrator-key') @Get('orchestrator') orchestrator() {
    return { ok: true };
  }
  @Auth('session') @Get('session') session() {
    return { ok: true };
  }
}

const random43 = () => randomBytes(32).toString('base64url');
/** A fresh, well-formed credential nobody holds, per mode (each forces a lookup when not limited). */
const STUFFED: Record<string, () => Record<string, string>> = {
  'api-key': () => ({ 'x-api-key': `prk_${random43()}` }),
  'client-id': () => ({ 'x-client-id': `cli_${randomBytes(12).toString('hex')}` }),
  orchestrator: () => ({ 'x-orchestrator-key': `pok_${random43()}` }),
  session: () => ({ authorization: `Bearer ${random43()}` }),
};

async function startProbe(clock: ManualClock | { now(): number }, env: Record<string, string>): Promise<InProcessApi> {
  @Module({
    imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
    controllers: [ProbeController],
  })
  class ProbeApi {}
  return startInProcessApi(ProbeApi, { clock });
}

describe('credential stuffing: failed authentications are limited per client IP before any lookup', () => {
  const clock = new ManualClock();
  let api: InProcessApi;
  let lookups = 0;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('stuff'), {
      LOG_LEVEL: 'silent',
      TRUSTED_PROXIES: 'loopback',
      FAILED_AUTH_MAX_PER_IP: '5',
      FAILED_AUTH_WINDOW_SECONDS: '60',
    });
    api = await startProbe(clock, env);
    // Every credential lookup that can reach Postgres goes through the cache's loader: count those.
    const cache = api.app.get(CredentialCache);
    const get = cache.get.bind(cache);
    cache.get = <T>(key: string, load: () => Promise<T>) =>
      get(key, () => {
        lookups++;
        return load();
      });
  });
  afterAll(() => api.close());

  const probe = (path: string, ip: string, headers: Record<string, string>) =>
    fetch(`${api.url}/t/${path}`, { headers: { 'x-forwarded-for': ip, ...headers } });

  it('answers API-key stuffing 429 (spec shape, Retry-After) after 5 failures, without looking the keys up', async () => {
    const ip = '203.0.113.61';
    const before = lookups;
    for (let i = 0; i < 5; i++) expect((await probe('api-key', ip, STUFFED['api-key']())).status).toBe(401);
    expect(lookups - before).toBe(5);
    const refused = await Promise.all(Array.from({ length: 20 }, () => probe('api-key', ip, STUFFED['api-key']())));
    expect(refused.map((r) => r.status)).toEqual(Array<number>(20).fill(429));
    expect(lookups - before).toBe(5);
    // What is left of the 60 s window that opened at the first failure (a loaded machine takes a few seconds to get here).
    const retryAfter = Number(refused[0].headers.get('retry-after'));
    expect({ retryAfter, inWindow: retryAfter >= 1 && retryAfter <= 60 }).toEqual({ retryAfter, inWindow: true });
    expect(await refused[0].json()).toEqual({
      statusCode: 429,
      message: 'Too many failed authentications from this address; try again later',
      error: 'Too Many Requests',
    });
  });

  it('keeps serving a valid key that authenticated before to the stuffed address (shared CGNAT / egress), and forgets after the window', async () => {
    const { apiKey } = await createTenant(api.app);
    const ip = '203.0.113.62';
    // The honest server behind the shared address used its key earlier today.
    expect((await probe('api-key', '198.51.100.62', { 'x-api-key': apiKey.apiKey })).status).toBe(200);
    for (let i = 0; i < 5; i++) await probe('api-key', ip, STUFFED['api-key']());
    expect((await probe('api-key', ip, STUFFED['api-key']())).status).toBe(429);
    expect((await probe('api-key', ip, { 'x-api-key': apiKey.apiKey })).status).toBe(200);
    // A near miss of the valid key is unknown material: still refused before any lookup.
    const before = lookups;
    expect((await probe('api-key', ip, { 'x-api-key': `${apiKey.apiKey.slice(0, -2)}xx` })).status).toBe(429);
    expect(lookups).toBe(before);
    clock.advance(60_000);
    expect((await probe('api-key', ip, STUFFED['api-key']())).status).toBe(401);
  });

  it("keeps serving a platform's payers (Client ID + its origin) behind an address another client stuffed", async () => {
    const { client } = await createTenant(api.app, { allowedOrigins: ['https://shop.example'] });
    const ip = '203.0.113.64';
    const payer = { 'x-client-id': client.clientId, origin: 'https://shop.example' };
    expect((await probe('client-id', '198.51.100.64', payer)).status).toBe(200);
    for (let i = 0; i < 5; i++) await probe('client-id', ip, STUFFED['client-id']());
    expect((await probe('client-id', ip, payer)).status).toBe(200);
    // The same Client ID from another origin is not the material that authenticated.
    expect((await probe('client-id', ip, { 'x-client-id': client.clientId, origin: 'https://elsewhere.example' })).status).toBe(429);
  });

  it('refuses a valid key never seen before from a refusing address until the window ends (documented)', async () => {
    const { apiKey } = await createTenant(api.app);
    const ip = '203.0.113.65';
    for (let i = 0; i < 5; i++) await probe('api-key', ip, STUFFED['api-key']());
    expect((await probe('api-key', ip, { 'x-api-key': apiKey.apiKey })).status).toBe(429);
    expect((await probe('api-key', '203.0.113.66', { 'x-api-key': apiKey.apiKey })).status).toBe(200);
    expect((await probe('api-key', ip, { 'x-api-key': apiKey.apiKey })).status).toBe(200);
  });

  it.each(['client-id', 'orchestrator', 'session'])('limits %s guessing the same way', async (mode) => {
    const ip = `203.0.113.${70 + Object.keys(STUFFED).indexOf(mode)}`;
    const before = lookups;
    for (let i = 0; i < 5; i++) expect((await probe(mode, ip, STUFFED[mode]())).status).toBe(401);
    expect((await probe(mode, ip, STUFFED[mode]())).status).toBe(429);
    if (mode !== 'session') expect(lookups - before).toBe(5); // sessions live in Redis, not behind the cache
  });

  it('buckets IPv6 stuffers by /64', async () => {
    for (let i = 0; i < 5; i++) expect((await probe('api-key', `2001:db8:61:1::${i + 1}`, STUFFED['api-key']())).status).toBe(401);
    expect((await probe('api-key', '2001:db8:61:1:dead:beef::1', STUFFED['api-key']())).status).toBe(429);
    expect((await probe('api-key', '2001:db8:61:2::1', STUFFED['api-key']())).status).toBe(401);
  });

  it('neither counts nor refuses requests that present no credential (no lookup is made)', async () => {
    const ip = '203.0.113.80';
    for (let i = 0; i < 8; i++) expect((await probe('api-key', ip, {})).status).toBe(401);
    expect((await probe('api-key', ip, STUFFED['api-key']())).status).toBe(401);
  });
});

describe('rate limits on Redis time and IPv6 /64 buckets', () => {
  let honest: InProcessApi;
  let skewed: InProcessApi;
  let clientId: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('skew'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '1',
      TRUSTED_PROXIES: 'loopback',
    });
    // Two replicas of one deployment whose clocks disagree by an hour.
    honest = await startProbe({ now: () => Date.now() }, env);
    skewed = await startProbe({ now: () => Date.now() + 3_600_000 }, env);
    clientId = (await createTenant(honest.app, { rateTier: 'basic' })).client.clientId;
  });
  afterAll(async () => Promise.all([honest.close(), skewed.close()]));

  const hit = (api: InProcessApi, ip: string) =>
    fetch(`${api.url}/t/client-id`, { headers: { 'x-client-id': clientId, 'x-forwarded-for': ip } });

  it('keeps the basic tier at 2 per second across replicas whose clocks are an hour apart', async () => {
    const ip = '198.51.100.90';
    const statuses = [(await hit(honest, ip)).status, (await hit(skewed, ip)).status, (await hit(honest, ip)).status];
    statuses.push((await hit(skewed, ip)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });

  it('counts two addresses of one IPv6 /64 as one client, and another /64 as another', async () => {
    expect([(await hit(honest, '2001:db8:90:1::1')).status, (await hit(honest, '2001:db8:90:1::2')).status]).toEqual([200, 200]);
    expect((await hit(honest, '2001:db8:90:1:ffff::3')).status).toBe(429);
    expect((await hit(honest, '2001:db8:90:2::1')).status).toBe(200);
  });
});
