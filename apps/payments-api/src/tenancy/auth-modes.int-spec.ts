import { Controller, Get, Module } from '@nestjs/common';
import { RevokeApiKey, UpdateClientId } from '@payrail/tenancy';
import {
  AppConfigModule,
  Auth,
  CredentialsModule,
  CurrentCaller,
  DatabaseModule,
  LoggingModule,
  RedisModule,
  type Caller,
} from '@payrail/platform';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createOrchestrator, createTenant } from '@payrail/test-support/tenancy/tenants.js';

@Controller('t')
class ModesController {
  @Auth('api-key') @Get('api-key') apiKey(@CurrentCaller() c: Caller) {
    return c;
  }
  @Auth('client-id') @Get('client-id') clientId(@CurrentCaller() c: Caller) {
    return c;
  }
  @Auth('api-key', 'client-id') @Get('either') either(@CurrentCaller() c: Caller) {
    return c;
  }
  @Auth('orchestrator-key') @Get('orchestrator') orchestrator(@CurrentCaller() c: Caller) {
    return c;
  }
}

describe('authentication modes over HTTP (real Postgres and Redis)', () => {
  let api: InProcessApi;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let browser: Awaited<ReturnType<typeof createTenant>>['client'];
  let orchestrator: Awaited<ReturnType<typeof createOrchestrator>>;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${api.url}/t/${path}`, { headers });

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('auth'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100' });
    @Module({
      imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
      controllers: [ModesController],
    })
    class TestApi {}
    api = await startInProcessApi(TestApi);
    tenant = await createTenant(api.app);
    browser = (await createTenant(api.app, { allowedOrigins: ['https://shop.example.com', 'http://localhost:5173'] })).client;
    orchestrator = await createOrchestrator(api.app);
  });
  afterAll(() => api.close());

  const expectError = async (res: Response, status: number, message: RegExp) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { statusCode: number; message: string; error: string };
    expect(body.statusCode).toBe(status);
    expect(body.message).toMatch(message);
    expect(typeof body.error).toBe('string');
  };

  it('accepts a valid API key and identifies its platform', async () => {
    const res = await get('api-key', { 'x-api-key': tenant.apiKey.apiKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'api-key', platformId: tenant.platform.id, apiKeyId: tenant.apiKey.id });
  });

  it('answers 401 for a missing, malformed or unknown API key', async () => {
    await expectError(await get('api-key'), 401, /Missing x-api-key/);
    await expectError(await get('api-key', { 'x-api-key': 'nope' }), 401, /Invalid or expired API key/);
    const forged = tenant.apiKey.apiKey.slice(0, -4) + 'AAAA';
    await expectError(await get('api-key', { 'x-api-key': forged }), 401, /Invalid or expired API key/);
  });

  it('answers 401 on every replica as soon as a key is revoked', async () => {
    const other = await createTenant(api.app);
    expect((await get('api-key', { 'x-api-key': other.apiKey.apiKey })).status).toBe(200); // now cached
    await api.app.get(RevokeApiKey).execute({ keyPrefix: other.apiKey.prefix });
    await new Promise((r) => setTimeout(r, 100)); // the announcement travels through Redis
    await expectError(await get('api-key', { 'x-api-key': other.apiKey.apiKey }), 401, /Invalid or expired API key/);
  });

  it('accepts a backend Client ID without an Origin', async () => {
    const res = await get('client-id', { 'x-client-id': tenant.client.clientId });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      kind: 'client-id',
      platformId: tenant.platform.id,
      clientId: tenant.client.clientId,
      origin: null,
    });
  });

  it('requires an allowed Origin for a browser Client ID', async () => {
    const ok = await get('client-id', { 'x-client-id': browser.clientId, origin: 'https://shop.example.com' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    await expectError(await get('client-id', { 'x-client-id': browser.clientId }), 401, /Origin header is required/);
    const wrong = await get('client-id', { 'x-client-id': browser.clientId, origin: 'https://evil.example.com' });
    await expectError(wrong, 403, /Origin is not allowed/);
    expect(wrong.headers.get('access-control-allow-origin')).toBeNull();
    await expectError(await get('client-id', { 'x-client-id': browser.clientId, origin: 'http://shop.example.com' }), 403, /Origin/);
    await expectError(await get('client-id', { 'x-client-id': browser.clientId, origin: 'http://localhost:5174' }), 403, /Origin/);
  });

  it('answers 401 for an unknown Client ID and 403 for an inactive, restricted or revoked one', async () => {
    await expectError(await get('client-id', { 'x-client-id': 'cli_doesnotexist0000' }), 401, /Invalid or expired Client ID/);
    await expectError(await get('client-id'), 401, /Missing x-client-id/);
    for (const status of ['inactive', 'restricted', 'revoked']) {
      const { client } = await createTenant(api.app);
      await api.app.get(UpdateClientId).execute({ clientId: client.clientId, status });
      await expectError(await get('client-id', { 'x-client-id': client.clientId }), 403, new RegExp(`Client ID is ${status}`));
    }
  });

  it('takes either credential where the spec makes the API key optional with a Client ID', async () => {
    expect(await (await get('either', { 'x-api-key': tenant.apiKey.apiKey })).json()).toMatchObject({ kind: 'api-key' });
    expect(await (await get('either', { 'x-client-id': tenant.client.clientId })).json()).toMatchObject({ kind: 'client-id' });
    await expectError(await get('either'), 401, /x-api-key or x-client-id/);
    // A bad API key is not rescued by a good Client ID.
    await expectError(await get('either', { 'x-api-key': 'prk_bad', 'x-client-id': tenant.client.clientId }), 401, /API key/);
  });

  it('accepts an orchestrator key and refuses other credentials on orchestrator routes', async () => {
    const res = await get('orchestrator', { 'x-orchestrator-key': orchestrator.orchestratorKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ kind: 'orchestrator', orchestratorId: orchestrator.id });
    // A valid API key is a real credential, just not one this route takes: 403; an unknown one stays 401.
    await expectError(
      await get('orchestrator', { 'x-api-key': tenant.apiKey.apiKey }),
      403,
      /^x-api-key is not allowed on this route: it takes x-orchestrator-key$/,
    );
    await expectError(await get('orchestrator', { 'x-api-key': `prk_${'x'.repeat(43)}` }), 401, /Missing x-orchestrator-key/);
    await expectError(
      await get('orchestrator', { 'x-orchestrator-key': tenant.apiKey.apiKey }),
      401,
      /Invalid or expired orchestrator key/,
    );
  });

  it('puts rate-limit headers on authenticated responses', async () => {
    const res = await get('api-key', { 'x-api-key': tenant.apiKey.apiKey });
    expect(Number(res.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
    expect(res.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
  });
});
