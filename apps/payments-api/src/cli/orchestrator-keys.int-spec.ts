import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@payrail/devstack';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { PaymentsApiModule } from '../app.module.js';

const exec = promisify(execFile);

// The operator CLI (built, its own process) issues and revokes orchestrator keys; payments-api
// (same database and Redis) answers them over HTTP.
describe('orchestrator keys: created and revoked with the admin CLI, revoked keys answer 401', () => {
  let env: Record<string, string>;
  let api: InProcessApi;

  const admin = async (...args: string[]): Promise<{ code: number; stdout: string }> => {
    const cli = join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');
    const cliEnv = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      QUEUE_PREFIX: env.QUEUE_PREFIX,
    };
    try {
      return { code: 0, stdout: (await exec(process.execPath, [cli, ...args], { env: cliEnv })).stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string };
      return { code: e.code, stdout: e.stdout };
    }
  };
  const json = async (...args: string[]) => {
    const res = await admin(...args, '--json');
    return { code: res.code, body: JSON.parse(res.stdout) as Record<string, string> };
  };
  const list = (key: string) => fetch(`${api.url}/v2/orchestrators/webhooks`, { headers: { 'x-orchestrator-key': key } });

  beforeAll(async () => {
    env = appEnv(await createTestDatabase(), uniqueName('okey'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '100' });
    api = await startInProcessApi(PaymentsApiModule.forRoot(env));
  });
  afterAll(() => api?.close());

  it('issues a second key for an orchestrator (printed once), and a revoked key is refused at once while the other works', async () => {
    const orchestrator = await json('orchestrator', 'create', '--name', 'Orch');
    const first = orchestrator.body.orchestratorKey;
    expect((await list(first)).status).toBe(200); // now in the API's credential cache

    const created = await admin('orchestrator-key', 'create', '--orchestrator', orchestrator.body.id);
    expect(created.code).toBe(0);
    const second = /^orchestratorKey: (pok_[A-Za-z0-9_-]{43})$/m.exec(created.stdout)?.[1];
    expect(second).toBeDefined();
    expect(created.stdout).toMatch(new RegExp(`^keyPrefix: ${second!.slice(0, 12)}$`, 'm'));
    expect((await list(second!)).status).toBe(200);

    const revoked = await json('orchestrator-key', 'revoke', '--key-prefix', first.slice(0, 12));
    expect(revoked).toEqual({
      code: 0,
      body: { id: expect.any(String), orchestratorId: orchestrator.body.id, keyPrefix: first.slice(0, 12), revokedAt: expect.any(String) },
    });
    const refused = await list(first);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ statusCode: 401, message: 'Invalid or expired orchestrator key', error: 'Unauthorized' });
    expect((await list(second!)).status).toBe(200);
    // Revoking again is harmless and keeps the first revocation time.
    expect((await json('orchestrator-key', 'revoke', '--key-prefix', first.slice(0, 12))).body.revokedAt).toBe(revoked.body.revokedAt);
  }, 180_000); // four CLI processes, each a Node start of a few seconds (15 s seen on a loaded machine)

  it('answers an unknown orchestrator or key prefix with an error and exit code 1', async () => {
    expect(await json('orchestrator-key', 'create', '--orchestrator', '01HZZZZZZZZZZZZZZZZZZZZZZZ')).toEqual({
      code: 1,
      body: { error: { code: 'NOT_FOUND', message: 'Orchestrator 01HZZZZZZZZZZZZZZZZZZZZZZZ not found' } },
    });
    expect(await json('orchestrator-key', 'revoke', '--key-prefix', 'pok_nothere1')).toEqual({
      code: 1,
      body: { error: { code: 'NOT_FOUND', message: 'Orchestrator key not found' } },
    });
    expect((await json('orchestrator-key', 'create')).body).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: '--orchestrator is required' },
    });
  });
});
