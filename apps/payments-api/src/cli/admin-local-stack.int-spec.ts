import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@payrail/devstack';
import { createTestDatabase, testStack } from '@payrail/test-support/stack.js';

const exec = promisify(execFile);
const cli = () => join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

// The operator CLI run from a directory where `npm start` left .local/stack.json, with no DATABASE_URL/REDIS_URL.
describe('admin CLI finds the local platform through .local/stack.json', () => {
  let cwd: string;
  let stackPath: string;
  let databaseUrl: string;

  beforeAll(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'payrail-admin-'));
    await mkdir(join(cwd, '.local'));
    stackPath = join(cwd, '.local', 'stack.json');
    databaseUrl = await createTestDatabase();
    const stack = { databaseUrl, redisUrl: testStack().redisUrl, startedAt: '2026-11-30T10:00:00.000Z', chains: {}, demo: {} };
    await writeFile(stackPath, JSON.stringify(stack));
  });
  afterAll(() => rm(cwd, { recursive: true, force: true }));

  async function admin(env: Record<string, string>, ...args: string[]): Promise<Run> {
    try {
      const { stdout, stderr } = await exec(process.execPath, [cli(), ...args, '--json'], {
        cwd,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as Run;
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('creates a platform in the stack file database and says on stderr where its configuration came from', async () => {
    const run = await admin({}, 'platform', 'create', '--name', 'Acme');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), name: 'Acme' });
    expect(run.stderr.trim()).toBe(
      `admin: using DATABASE_URL and REDIS_URL of the local platform from ${stackPath} (npm start, started 2026-11-30T10:00:00.000Z)`,
    );
    // The platform is in the stack's database: with the variables set explicitly (no note), a Client ID is made for it.
    const explicit = { DATABASE_URL: databaseUrl, REDIS_URL: testStack().redisUrl };
    const client = await admin(explicit, 'client-id', 'create', '--platform', (JSON.parse(run.stdout) as { id: string }).id);
    expect(client.code).toBe(0);
    expect(client.stderr).toBe('');
  });

  it('takes only the unset variable from the stack file', async () => {
    const run = await admin({ DATABASE_URL: databaseUrl }, 'platform', 'create', '--name', 'Half');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('admin: using REDIS_URL of the local platform');
  });

  it.each(['staging', 'production'])(
    'ignores the stack file outside local (PAYRAIL_ENV=%s): the configuration error is unchanged',
    async (environment) => {
      const run = await admin({ PAYRAIL_ENV: environment }, 'platform', 'create', '--name', 'Nope');
      expect(run.code).not.toBe(0);
      expect(run.stderr).not.toContain('stack.json');
      expect(`${run.stdout}${run.stderr}`).toContain('DATABASE_URL: must be a postgres:// URL');
    },
  );
});
