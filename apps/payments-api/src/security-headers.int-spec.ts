import { createHash, randomBytes } from 'node:crypto';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { expectApiSecurityHeaders } from '@payrail/test-support/security-headers.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiModule } from './app.module.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const key = () => `k1:${randomBytes(32).toString('base64')}`;

describe('payments-api: security headers (helmet) on every response', () => {
  let local: InProcessApi;
  let staging: InProcessApi;
  let apiKey: string;

  beforeAll(async () => {
    const env = { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100', PUBLIC_URL: 'http://payrail.test' };
    local = await startInProcessApi(PaymentsApiModule.forRoot(appEnv(await createTestDatabase(), uniqueName('hdr'), env)));
    apiKey = (await createTenant(local.app)).apiKey.apiKey;
    const stagingEnv = { ...env, PAYRAIL_ENV: 'staging', WEBHOOK_ENCRYPTION_KEYS: key(), PII_ENCRYPTION_KEYS: key() };
    staging = await startInProcessApi(PaymentsApiModule.forRoot(appEnv(await createTestDatabase(), uniqueName('hdr'), stagingEnv)));
  });
  afterAll(async () => {
    await local?.close();
    await staging?.close();
  });

  it('sets them on a 200, a 4xx and a 404, with HSTS only outside local', async () => {
    const ok = await fetch(`${local.url}/v2/currencies`, { headers: { 'x-api-key': apiKey } });
    const unauthorized = await fetch(`${local.url}/v2/payouts`, { method: 'POST' });
    const missing = await fetch(`${local.url}/no/such/route`);
    expect([ok.status, unauthorized.status, missing.status]).toEqual([200, 401, 404]);
    for (const res of [ok, unauthorized, missing]) expectApiSecurityHeaders(res, false);
    const health = await fetch(`${staging.url}/health/live`);
    const stagingMissing = await fetch(`${staging.url}/no/such/route`);
    const stagingUnauthorized = await fetch(`${staging.url}/v2/payouts`, { method: 'POST' });
    expect([health.status, stagingUnauthorized.status, stagingMissing.status]).toEqual([200, 401, 404]);
    for (const res of [health, stagingUnauthorized, stagingMissing]) expectApiSecurityHeaders(res, true);
  });

  it('keeps the sandbox compliance page working: its own policy allows exactly its inline script and calls to itself', async () => {
    const payer = await fetch(`${local.url}/v2/payer`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        clientUserId: `hdr-${Date.now()}`,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        beneficiaryType: 'individual',
        dateOfBirth: '1990-12-10',
        addressLine1: '12 Analytical Street',
        city: 'London',
        state: 'Greater London',
        postcode: 'NW1 6XE',
        country: 'GB',
        nationality: 'GB',
        phone: '+447700900123',
      }),
    });
    const { kycUrl } = (await payer.json()) as { kycUrl: string };
    const page = await fetch(kycUrl.replace('http://payrail.test', local.url));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<button data-outcome="approved">');
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1];
    const csp = page.headers.get('content-security-policy')!;
    // What a browser checks before running an inline script: its SHA-256 is listed in script-src.
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      expect.stringMatching(/^script-src 'sha256-[A-Za-z0-9+/]{43}='$/),
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
