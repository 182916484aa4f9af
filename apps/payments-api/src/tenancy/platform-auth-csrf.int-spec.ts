import { Controller, Delete, Get, HttpCode, Module, Post } from '@nestjs/common';
import {
  AppConfigModule,
  CredentialsModule,
  CurrentCaller,
  DatabaseModule,
  LoggingModule,
  type PlatformCaller,
  PlatformAuth,
  RedisModule,
} from '@payrail/platform';
import { platformSession } from '@payrail/test-support/dashboard/platform-session.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';

const DASHBOARD = 'https://dashboard.payrail.test';
let writes = 0;

@Controller('probe')
@PlatformAuth({ cookieWrites: true })
class ProbeController {
  @Get() read(@CurrentCaller('api-key-or-session') caller: PlatformCaller) {
    return { platformId: caller.platformId };
  }
  @Post() @HttpCode(200) write(@CurrentCaller('api-key-or-session') caller: PlatformCaller) {
    writes++;
    return { platformId: caller.platformId };
  }
  @Delete() remove() {
    writes++;
    return { ok: true };
  }
}

// The dashboard's routes take the platform's API key or a session of its account. A session
// cookie travels with any request a browser makes to the API, a forged one from another site
// included (sameSite=lax still sends it on top-level navigations); so a cookie-borne change must
// come with an Origin in DASHBOARD_ORIGINS. Bearer tokens and API keys are never sent by the
// browser on its own, so they need no Origin.
describe('api-key-or-session routes: cookie-borne writes only from a dashboard origin (CSRF)', () => {
  let api: InProcessApi;
  let token: string;
  let apiKey: string;
  let platformId: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('csrf'), { LOG_LEVEL: 'silent', DASHBOARD_ORIGINS: DASHBOARD });
    @Module({
      imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
      controllers: [ProbeController],
    })
    class ProbeApi {}
    api = await startInProcessApi(ProbeApi);
    const tenant = await createTenant(api.app);
    platformId = tenant.platform.id;
    apiKey = tenant.apiKey.apiKey;
    token = await platformSession(api.app, platformId, 'wallet');
  });
  afterAll(() => api?.close());

  const send = async (method: string, headers: Record<string, string>) => {
    const res = await fetch(`${api.url}/probe`, { method, headers });
    return { status: res.status, body: (await res.json()) as { message?: string; platformId?: string } };
  };
  const cookie = () => ({ cookie: `__Host-session_token=${token}` });

  it.each(['POST', 'DELETE'])('refuses a cookie-borne %s from a foreign site, and one without Origin, changing nothing', async (method) => {
    const before = writes;
    for (const headers of [{ ...cookie(), origin: 'https://evil.example' }, cookie(), { ...cookie(), origin: 'null' }]) {
      const res = await send(method, headers);
      expect(res).toEqual({
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Cross-site request refused: Origin is not a dashboard origin' },
      });
    }
    expect(writes).toBe(before);
  });

  it('accepts the cookie-borne write from the dashboard origin, and reads with the cookie from anywhere', async () => {
    expect(await send('POST', { ...cookie(), origin: DASHBOARD })).toEqual({ status: 200, body: { platformId } });
    expect(await send('GET', { ...cookie(), origin: 'https://evil.example' })).toEqual({ status: 200, body: { platformId } });
  });

  it('needs no Origin for a bearer session or the API key (a browser never attaches them by itself)', async () => {
    expect(await send('POST', { authorization: `Bearer ${token}` })).toEqual({ status: 200, body: { platformId } });
    expect(await send('POST', { 'x-api-key': apiKey, ...cookie(), origin: 'https://evil.example' })).toEqual({
      status: 200,
      body: { platformId },
    });
  });
});
