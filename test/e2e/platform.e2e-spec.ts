import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_NAMES, repoRoot, type AppHandle } from '@payrail/devstack';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

// The four built apps, started as real processes on the test servers.
describe('platform: four apps on real Postgres, Redis and the local chain', () => {
  const apps = new Map<string, AppHandle>();

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('q'));
    const started = await Promise.all(APP_NAMES.map((name) => startTestApp(name, env)));
    for (const app of started) apps.set(app.name, app);
  }, 120000);

  afterAll(async () => {
    await Promise.all([...apps.values()].map((a) => a.stop()));
  });

  it.each(APP_NAMES)('%s answers /health/live and reports Postgres and Redis up in /health/ready', async (name) => {
    const app = apps.get(name)!;
    expect((await fetch(`${app.url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${app.url}/health/ready`);
    const body = (await ready.json()) as { status: string; details: Record<string, { status: string }> };
    expect(ready.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.details.database?.status).toBe('up');
    expect(body.details.redis?.status).toBe('up');
  });

  it.each(['payments-api', 'chain-worker'])('%s readiness includes the chain RPC with its block number', async (name) => {
    const body = (await (await fetch(`${apps.get(name)!.url}/health/ready`)).json()) as {
      details: Record<string, { status: string; blockNumber?: number }>;
    };
    expect(body.details['rpc:sepolia']?.status).toBe('up');
    expect(typeof body.details['rpc:sepolia']?.blockNumber).toBe('number');
  });

  it('answers unknown routes in the spec error shape with a request id header', async () => {
    const res = await fetch(`${apps.get('payments-api')!.url}/v2/no-such-route`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: 'Cannot GET /v2/no-such-route', error: 'Not Found' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('keeps a sane caller-supplied x-request-id and replaces a malformed one', async () => {
    const url = `${apps.get('auth-api')!.url}/health/live`;
    const kept = await fetch(url, { headers: { 'x-request-id': 'caller-req-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('caller-req-12345');
    const replaced = await fetch(url, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it.each(['payments-api', 'auth-api'])(
    '%s serves /docs-json equal to the committed openapi/%s.json (run `npm run openapi` when this fails)',
    async (name) => {
      const served = (await (await fetch(`${apps.get(name)!.url}/docs-json`)).json()) as object;
      const committed = JSON.parse(readFileSync(join(repoRoot(), 'openapi', `${name}.json`), 'utf8')) as object;
      expect(served).toEqual(committed);
      expect((await fetch(`${apps.get(name)!.url}/docs`)).status).toBe(200);
    },
  );

  it.each(APP_NAMES)('%s exits 0 on SIGTERM (graceful shutdown)', async (name) => {
    const app = apps.get(name)!;
    const code = await app.stop(15000);
    apps.delete(name);
    expect(code).toBe(0);
  });
});
