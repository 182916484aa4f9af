import { createServer, type Server } from 'node:http';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
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
import { IsString } from 'class-validator';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium, freePort } from '@payrail/devstack';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

class EchoDto {
  @IsString() message!: string;
}

@Controller('t')
class EchoController {
  @Auth('api-key', 'client-id')
  @Post('echo')
  @HttpCode(200)
  echo(@Body() dto: EchoDto, @CurrentCaller() caller: Caller) {
    return { message: dto.message, kind: caller.kind };
  }
}

/** A page that calls the API from the browser the way a hosted page or widget does. */
function pageServer(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>shop</title><p>shop</p>');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// Headless Chromium (Debian's) loads pages from an allowed and a foreign origin; both call the API with fetch.
describe('CORS in a real browser', () => {
  let api: InProcessApi;
  let browser: Browser;
  let clientId: string;
  const servers: Server[] = [];
  let allowedOrigin: string;
  let foreignOrigin: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('cors'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100' });
    @Module({
      imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
      controllers: [EchoController],
    })
    class TestApi {}
    api = await startInProcessApi(TestApi);
    const [allowedPort, foreignPort] = [await freePort(), await freePort()];
    allowedOrigin = `http://localhost:${allowedPort}`;
    foreignOrigin = `http://127.0.0.1:${foreignPort}`;
    servers.push(await pageServer(allowedPort), await pageServer(foreignPort));
    clientId = (await createTenant(api.app, { allowedOrigins: [allowedOrigin] })).client.clientId;
    browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  }, 120000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) s.close();
    await api?.close();
  });

  async function callFrom(
    origin: string,
  ): Promise<{ ok: boolean; status?: number; body?: unknown; headers?: Record<string, string | null>; error?: string }> {
    const page = await browser.newPage();
    try {
      await page.goto(origin);
      return await page.evaluate(
        async ({ url, clientId }) => {
          try {
            const res = await fetch(url, {
              method: 'POST',
              headers: { 'x-client-id': clientId, 'content-type': 'application/json' },
              body: JSON.stringify({ message: 'hi' }),
            });
            const headers = { limit: res.headers.get('RateLimit-Limit'), remaining: res.headers.get('RateLimit-Remaining') };
            return { ok: true, status: res.status, body: await res.json(), headers };
          } catch (error) {
            return { ok: false, error: String(error) };
          }
        },
        { url: `${api.url}/t/echo`, clientId },
      );
    } finally {
      await page.close();
    }
  }

  it('lets a page on an allowed origin call the API with x-client-id and read the rate-limit headers', async () => {
    const result = await callFrom(allowedOrigin);
    expect(result).toMatchObject({ ok: true, status: 200, body: { message: 'hi', kind: 'client-id' } });
    expect(Number(result.headers?.limit)).toBeGreaterThan(0);
    expect(result.headers?.remaining).toMatch(/^\d+$/);
  });

  it('refuses a page on another origin (no CORS grant, the browser blocks the call)', async () => {
    const result = await callFrom(foreignOrigin);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/Failed to fetch/);
  });

  it('grants preflights only to known origins, with the allowed headers and methods', async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/t/echo`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-client-id,content-type' },
      });
    const granted = await preflight(allowedOrigin);
    expect(granted.status).toBe(204);
    expect(granted.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(granted.headers.get('access-control-allow-headers')).toBe(
      'x-client-id, content-type, idempotency-key, x-wallet-proof, x-wallet-proof-timestamp',
    );
    expect(granted.headers.get('access-control-allow-methods')).toContain('POST');
    expect(granted.headers.get('vary')).toMatch(/Origin/);
    const refused = await preflight(foreignOrigin);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
