import { randomBytes } from 'node:crypto';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { expectApiSecurityHeaders } from '@payrail/test-support/security-headers.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { AuthApiModule } from './app.module.js';

const key = () => `k1:${randomBytes(32).toString('base64')}`;

describe('auth-api: security headers (helmet) on every response', () => {
  let local: InProcessApi;
  let production: InProcessApi;

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100' };
    local = await startInProcessApi(AuthApiModule.forRoot(appEnv(await createTestDatabase(), uniqueName('hdr'), env)));
    const prodEnv = { ...env, PAYRAIL_ENV: 'production', WEBHOOK_ENCRYPTION_KEYS: key(), PII_ENCRYPTION_KEYS: key() };
    production = await startInProcessApi(AuthApiModule.forRoot(appEnv(await createTestDatabase(), uniqueName('hdr'), prodEnv)));
  });
  afterAll(async () => {
    await local?.close();
    await production?.close();
  });

  it.each([
    ['local', false],
    ['production', true],
  ] as const)('sets them on a 200, a 4xx and a 404 (%s; HSTS only outside local)', async (name, hsts) => {
    const api = name === 'local' ? local : production;
    const ok = await fetch(`${api.url}/health/live`);
    const unauthorized = await fetch(`${api.url}/v1/client-ids`);
    const missing = await fetch(`${api.url}/no/such/route`);
    expect([ok.status, unauthorized.status, missing.status]).toEqual([200, 401, 404]);
    for (const res of [ok, unauthorized, missing]) expectApiSecurityHeaders(res, hsts);
  });
});
