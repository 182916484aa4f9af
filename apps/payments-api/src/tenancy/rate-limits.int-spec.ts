import { Controller, Get, Module } from '@nestjs/common';
import type { RateTier } from '@payrail/domain';
import { AppConfigModule, Auth, CredentialsModule, DatabaseModule, LoggingModule, RateLimitClassOf, RedisModule } from '@payrail/platform';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { ManualClock, startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

@Controller('t')
class LimitedController {
  @Auth('api-key', 'client-id') @Get('thing') thing() {
    return { ok: true };
  }
  @Auth('api-key', 'client-id') @RateLimitClassOf('management') @Get('manage') manage() {
    return { ok: true };
  }
}

describe('rate limits in Redis (tiers, minute bound, blocks, shared by replicas)', () => {
  const clock = new ManualClock();
  let replicaA: InProcessApi;
  let replicaB: InProcessApi;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('rl'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '1',
      RATE_LIMIT_BLOCK_AFTER_REJECTIONS: '30',
      RATE_LIMIT_API_KEY_PER_SECOND: '5',
      RATE_LIMIT_API_KEY_PER_MINUTE: '12',
    });
    @Module({
      imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
      controllers: [LimitedController],
    })
    class TestApi {}
    [replicaA, replicaB] = await Promise.all([startInProcessApi(TestApi, { clock }), startInProcessApi(TestApi, { clock })]);
  });
  afterAll(async () => Promise.all([replicaA.close(), replicaB.close()]));

  const hit = (api: InProcessApi, clientId: string, path = 'thing') =>
    fetch(`${api.url}/t/${path}`, { headers: { 'x-client-id': clientId } });
  const clientOfTier = async (tier: RateTier) => (await createTenant(replicaA.app, { rateTier: tier })).client.clientId;

  async function statuses(clientId: string, count: number, path = 'thing'): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await hit(i % 2 === 0 ? replicaA : replicaB, clientId, path)).status);
    return out;
  }

  it.each([
    ['basic', 2],
    ['default', 5],
    ['premium', 10],
    ['high-volume', 20],
  ] as const)('%s tier allows exactly %i requests per second, across two replicas', async (tier, perSecond) => {
    const clientId = await clientOfTier(tier);
    clock.advance(5000);
    const results = await statuses(clientId, perSecond + 1);
    expect(results).toEqual([...Array<number>(perSecond).fill(200), 429]);
    clock.advance(1001);
    expect((await hit(replicaB, clientId)).status).toBe(200);
  });

  it('answers 429 in the spec shape with Retry-After and rate-limit headers', async () => {
    const clientId = await clientOfTier('basic');
    clock.advance(5000);
    const first = await hit(replicaA, clientId);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    await hit(replicaA, clientId);
    const limited = await hit(replicaA, clientId);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toEqual({ statusCode: 429, message: 'Too many requests', error: 'Too Many Requests' });
  });

  it('enforces the per-minute bound as well as the per-second one', async () => {
    // The spec tiers' minute bounds are 60x their second bounds, so a caller within the
    // second bound can never exceed them; API-key limits here are 5/s and 12/min.
    const { apiKey } = await createTenant(replicaA.app);
    const hitKey = (api: InProcessApi) => fetch(`${api.url}/t/thing`, { headers: { 'x-api-key': apiKey.apiKey } });
    clock.advance(61000);
    const seen: number[] = [];
    for (let second = 0; second < 3; second++) {
      for (let i = 0; i < 5; i++) seen.push((await hitKey(i % 2 ? replicaA : replicaB)).status);
      clock.advance(1000);
    }
    expect(seen).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = await hitKey(replicaA);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-limit')).toBe('12');
    expect(Number(limited.headers.get('retry-after'))).toBe(57); // until the first request leaves the minute
  });

  it('blocks a sustained breach for 5 minutes, then releases it', async () => {
    const clientId = await clientOfTier('default');
    clock.advance(61000);
    const results = await statuses(clientId, 5 + 30);
    expect(results.filter((s) => s === 429)).toHaveLength(30);
    clock.advance(2000); // the per-second window is free again, but the block holds
    const blocked = await hit(replicaB, clientId);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(298);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/blocked for 298 seconds after a sustained breach/);
    clock.advance(297_000);
    expect((await hit(replicaA, clientId)).status).toBe(429);
    clock.advance(1_500);
    expect((await hit(replicaA, clientId)).status).toBe(200);
  });

  it('scopes limits per Client ID: one caller hitting its limit leaves another untouched', async () => {
    const [a, b] = [await clientOfTier('basic'), await clientOfTier('basic')];
    clock.advance(5000);
    expect(await statuses(a, 3)).toEqual([200, 200, 429]);
    expect(await statuses(b, 2)).toEqual([200, 200]);
  });

  it('gives Client ID management routes the relaxed limit (4x)', async () => {
    const clientId = await clientOfTier('basic');
    clock.advance(5000);
    expect(await statuses(clientId, 9, 'manage')).toEqual([...Array<number>(8).fill(200), 429]);
  });

  it('decides a concurrent burst (one script call per scope and turn) exactly as one request at a time', async () => {
    const clientId = await clientOfTier('high-volume');
    clock.advance(5000);
    const burst = await Promise.all(Array.from({ length: 26 }, (_, i) => hit(i % 2 === 0 ? replicaA : replicaB, clientId)));
    const ok = burst.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    // every admitted request saw its own place in the window: remaining 19 down to 0, each once
    const remaining = ok.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => i));
    for (const refused of burst.filter((r) => r.status === 429)) {
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(refused.headers.get('retry-after'))).toBe(1);
    }
    clock.advance(1001);
    expect((await hit(replicaA, clientId)).status).toBe(200);
  });

  it('counts every refused request of a burst towards the block', async () => {
    const clientId = await clientOfTier('default');
    clock.advance(61000);
    const burst = await Promise.all(Array.from({ length: 5 + 30 }, () => hit(replicaA, clientId)));
    expect(burst.filter((r) => r.status === 429)).toHaveLength(30);
    clock.advance(2000);
    const blocked = await hit(replicaB, clientId);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/blocked for 298 seconds/);
  });
});
