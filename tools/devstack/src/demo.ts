import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { repoRoot } from './paths.js';

const run = promisify(execFile);

export interface DemoTenant {
  platformId: string;
  clientId: string;
  origin: string;
  backendClientId: string;
  apiKey: string;
  orchestratorId: string;
  orchestratorKey: string;
  /** The dashboard login of the demo platform (e-mail verified at creation). */
  loginEmail: string;
  loginPassword: string;
  /** The EVM wallet that also owns the demo platform ("Sign in with wallet" lands on it). */
  walletAddress: string;
}

async function stillThere(databaseUrl: string, demo: DemoTenant): Promise<boolean> {
  const db = createDataSource(databaseUrl, 1);
  await db.initialize();
  try {
    const found = await sqlRows(db, 'SELECT 1 FROM client_ids WHERE client_id = $1 AND platform_id = $2', [demo.clientId, demo.platformId]);
    return found.length === 1;
  } finally {
    await db.destroy();
  }
}

/**
 * The demo tenant of `npm start`: made once with the operator CLI (`admin demo seed`) and
 * kept in `file` (API and orchestrator keys are shown only once), reused while it still
 * exists in the database.
 */
export async function ensureDemoTenant(opts: {
  file: string;
  databaseUrl: string;
  redisUrl: string;
  origin: string;
  /** The demo wallet (an anvil account) made an owner of the demo platform. */
  wallet: string;
}): Promise<DemoTenant> {
  const saved = await readFile(opts.file, 'utf8').then(
    (s) => JSON.parse(s) as DemoTenant,
    () => undefined,
  );
  // A demo.json from before the demo login or wallet existed is seeded again (they come with a new tenant).
  if (saved?.loginEmail && saved.walletAddress === opts.wallet && (await stillThere(opts.databaseUrl, saved))) return saved;
  const cli = join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');
  const { stdout } = await run(process.execPath, [cli, 'demo', 'seed', '--origin', opts.origin, '--wallet', opts.wallet, '--json'], {
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, REDIS_URL: opts.redisUrl, LOG_LEVEL: 'error' },
  });
  const demo = JSON.parse(stdout) as DemoTenant;
  await writeFile(opts.file, JSON.stringify(demo, null, 2) + '\n', { mode: 0o600 });
  return demo;
}
