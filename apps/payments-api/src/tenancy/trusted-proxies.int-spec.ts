import { Controller, Get, Module } from '@nestjs/common';
import { AppConfigModule, Auth, CredentialsModule, DatabaseModule, LoggingModule, RedisModule } from '@payrail/platform';
import { ManualClock, startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

@Controller('t')
class ThingController {
  @Auth('client-id') @Get('thing') thing() {
    return { ok: true };
  }
}

// The rate-limit scope is Client ID + client IP; X-Forwarded-For counts only from trusted proxies.
describe.each([
  ['behind a trusted proxy (TRUSTED_PROXIES=loopback)', 'loopback', true],
  ['with no trusted proxy', '', false],
])('client IP %s', (_label, trusted, separateBuckets) => {
  const clock = new ManualClock();
  let api: InProcessApi;
  let clientId: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('xff'), {
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MULTIPLIER: '1',
      TRUSTED_PROXIES: trusted,
    });
    @Module({
      imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
      controllers: [ThingController],
    })
    class TestApi {}
    api = await startInProcessApi(TestApi, { clock });
    clientId = (await createTenant(api.app, { rateTier: 'basic' })).client.clientId;
  });
  afterAll(() => api.close());

  const hit = (forwardedFor: string) =>
    fetch(`${api.url}/t/thing`, { headers: { 'x-client-id': clientId, 'x-forwarded-for': forwardedFor } });

  it(separateBuckets ? 'limits each forwarded client IP separately' : 'ignores X-Forwarded-For and limits the peer address', async () => {
    expect([(await hit('203.0.113.1')).status, (await hit('203.0.113.1')).status, (await hit('203.0.113.1')).status]).toEqual([
      200, 200, 429,
    ]);
    expect((await hit('203.0.113.2')).status).toBe(separateBuckets ? 200 : 429);
  });
});
