import { randomBytes } from 'node:crypto';
import { startInProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiModule } from '../app.module.js';
import { createOrchestrator } from '@payrail/test-support/tenancy/tenants.js';

const key = () => `k1:${randomBytes(32).toString('base64')}`;

/** payments-api in the given environment, with an orchestrator that registers webhook URLs over HTTP. */
async function startIn(env: Record<string, string>) {
  const api = await startInProcessApi(
    PaymentsApiModule.forRoot(
      appEnv(await createTestDatabase(), uniqueName('ssrf'), {
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MULTIPLIER: '100',
        WEBHOOK_ENCRYPTION_KEYS: key(),
        PII_ENCRYPTION_KEYS: key(),
        ...env,
      }),
    ),
  );
  const { orchestratorKey } = await createOrchestrator(api.app);
  const register = async (url: string) => {
    const res = await fetch(`${api.url}/v2/orchestrators/webhooks`, {
      method: 'POST',
      headers: { 'x-orchestrator-key': orchestratorKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string; errors?: { field: string; message: string }[] } };
  };
  return { api, register };
}

describe('webhook URL policy over HTTP outside local (SSRF: POST /v2/orchestrators/webhooks)', () => {
  let staging: Awaited<ReturnType<typeof startIn>>;
  let production: Awaited<ReturnType<typeof startIn>>;

  beforeAll(async () => {
    staging = await startIn({ PAYRAIL_ENV: 'staging' });
    production = await startIn({ PAYRAIL_ENV: 'production', WEBHOOK_ALLOWED_PORTS: '443,8443' });
  });
  afterAll(async () => {
    await staging?.api.close();
    await production?.api.close();
  });

  it('staging refuses loopback, private and metadata addresses and plain HTTP to localhost, 400 naming url', async () => {
    for (const url of ['https://127.0.0.1/h', 'https://10.0.0.5/h', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/h']) {
      const res = await staging.register(url);
      expect([url, res.status, res.body.errors]).toEqual([
        url,
        400,
        [{ field: 'url', message: 'url must not point to a loopback, private, link-local or metadata address' }],
      ]);
    }
    const http = await staging.register('http://localhost:6379/h');
    expect([http.status, http.body.errors?.[0]]).toEqual([400, { field: 'url', message: 'url must use HTTPS' }]);
  });

  it('refuses any port but the allowed ones (443 by default; WEBHOOK_ALLOWED_PORTS widens it)', async () => {
    const internalService = await staging.register('https://93.184.216.34:6379/h');
    expect([internalService.status, internalService.body.errors?.[0]]).toEqual([400, { field: 'url', message: 'url must use port 443' }]);
    expect((await staging.register('https://93.184.216.34:8443/h')).status).toBe(400);
    expect((await production.register('https://93.184.216.34:8443/h')).status).toBe(201);
    expect((await production.register('https://93.184.216.34:22/h')).body.errors?.[0]).toEqual({
      field: 'url',
      message: 'url must use port 443 or 8443',
    });
  });

  it('refuses IPv4-compatible IPv6 (::/96) that spells a loopback or private address, in production too', async () => {
    for (const url of ['https://[::127.0.0.1]/h', 'https://[::7f00:1]/h', 'https://[::a00:5]/h']) {
      const res = await production.register(url);
      expect([url, res.status, res.body.errors?.[0]?.field]).toEqual([url, 400, 'url']);
    }
  });

  it('still accepts a public HTTPS address on port 443', async () => {
    expect((await staging.register('https://93.184.216.34/hooks')).status).toBe(201);
    expect((await production.register('https://[2606:4700:4700::1111]/hooks')).status).toBe(201);
  });
});
