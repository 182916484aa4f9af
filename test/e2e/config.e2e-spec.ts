import { spawnSync } from 'node:child_process';
import { appEntry, APP_NAMES, repoRoot } from '@payrail/devstack';

// Config is validated at boot: a bad variable stops the process with a message naming it.
describe('boot-time configuration validation', () => {
  const boot = (app: string, env: Record<string, string>) =>
    spawnSync(process.execPath, [appEntry(app as (typeof APP_NAMES)[number])], {
      cwd: repoRoot(),
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 30000,
    });

  it.each(APP_NAMES)('%s refuses to start without DATABASE_URL and names it', (app) => {
    const result = boot(app, { REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('DATABASE_URL');
  });

  it('names every bad variable at once', () => {
    const result = boot('payments-api', { DATABASE_URL: 'mysql://x', REDIS_URL: 'http://nope', PORT: 'eighty', RPC_URL_BASE: 'not a url' });
    expect(result.status).not.toBe(0);
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'PORT', 'RPC_URL_BASE']) expect(result.stderr).toContain(name);
  });
});
