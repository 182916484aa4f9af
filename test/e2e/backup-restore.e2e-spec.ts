import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Contract, Wallet } from 'ethers';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { type AppHandle, createDatabase, repoRoot, waitFor } from '@payrail/devstack';
import { seedYear } from '../../tools/seed/src/index.js';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { type DebianPostgres, startDebianPostgres } from '@payrail/test-support/debian-postgres.js';
import { blocksRunBy } from '@payrail/test-support/doc-commands.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const exec = promisify(execFile);
const SPEC = 'test/e2e/backup-restore.e2e-spec.ts';

/** Rows per table of the public schema. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const db = createDataSource(url, 1);
  await db.initialize();
  try {
    const tables = await sqlRows<{ name: string }>(db, `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = (await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM "${name}"`))!.n;
    return counts;
  } finally {
    await db.destroy();
  }
}

// docs/operations.md#backups, run as written: a seeded database on a PostgreSQL server whose
// client tools match it (Debian's: the harness's embedded server ships none) is dumped with
// pg_dump, restored with pg_restore into a fresh database on another server (the harness's,
// a newer major version, as when a managed instance is replaced), then the built apps start on
// it with an empty Redis namespace, the API key made before the backup still works, and a payout
// created after the restore settles on the local chain.
describe('backup and restore (docs/operations.md#backups)', () => {
  const stack = testStack();
  const blocks = blocksRunBy('docs/operations.md', SPEC);
  let dir: string;
  let sourceDir: string;
  let source: DebianPostgres | undefined;
  let targetUrl: string;
  let apiKey: string;
  let before: Record<string, number>;
  const outputs: string[] = [];
  const apps: AppHandle[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payrail-backup-'));
    sourceDir = await mkdtemp(join(tmpdir(), 'payrail-pg-source-'));
    source = await startDebianPostgres(sourceDir);
    const sourceUrl = source.url('payrail');
    await createDatabase(source.url('postgres'), 'payrail');
    await exec(process.execPath, [join(repoRoot(), 'dist', 'libs', 'persistence', 'src', 'cli', 'migrate.js')], {
      env: { ...process.env, DATABASE_URL: sourceUrl },
    });
    const db = createDataSource(sourceUrl, 1);
    await db.initialize();
    await seedYear(db, { scale: 0.001 }).finally(() => db.destroy());
    apiKey = (await createTenantIn(appEnv(sourceUrl, uniqueName('bk')))).apiKey.apiKey;
    before = await rowCounts(sourceUrl);

    const target = uniqueName('restored');
    targetUrl = stack.postgresAdminUrl.replace(/\/postgres$/, `/${target}`);
    const env = {
      ...process.env,
      PATH: `${source.binDir}:${process.env.PATH ?? ''}`,
      SOURCE_DATABASE_URL: sourceUrl,
      BACKUP_FILE: join(dir, 'payrail.dump'),
      TARGET_ADMIN_URL: stack.postgresAdminUrl,
      TARGET_DATABASE: target,
      TARGET_DATABASE_URL: targetUrl,
    };
    for (const block of blocks) {
      const { stdout } = await exec('bash', ['-euo', 'pipefail', '-c', block.script], { cwd: repoRoot(), env });
      outputs.push(stdout);
    }
    // The source is gone: the restored system must stand on its own.
    await source.stop();
    source = undefined;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await source?.stop();
    for (const path of [dir, sourceDir]) if (path) await rm(path, { recursive: true, force: true });
  });

  it('runs the dump, the restore and the migration check of docs/operations.md', () => {
    expect(blocks.map((b) => b.script.match(/^(pg_dump|pg_restore|psql|DATABASE_URL=\S+ node)\b/gm))).toEqual([
      ['pg_dump', 'pg_restore'],
      ['psql', 'pg_restore'],
      ['DATABASE_URL="$TARGET_DATABASE_URL" node'],
    ]);
    expect(outputs.at(-1)).toContain('"applied":[]');
  });

  it('restores every table row for row, the seeded year included', async () => {
    expect(before.requests).toBeGreaterThan(500);
    expect(before.webhook_deliveries).toBeGreaterThan(0);
    expect(await rowCounts(targetUrl)).toEqual(before);
  });

  it('starts the apps on the restored database with an empty Redis, and a payout made after the restore settles', async () => {
    const env = appEnv(targetUrl, uniqueName('restored'), { DETECTION_POLL_INTERVAL_MS: '200' });
    apps.push(...(await Promise.all([startTestApp('payments-api', env), startTestApp('chain-worker', env)])));
    const [api] = apps;
    const payer = new ChainPayer(stack.chain.rpcUrl, Wallet.createRandom().privateKey);
    try {
      await setEtherBalance(stack.chain.rpcUrl, payer.address, 10n ** 18n);
      const mint = new Contract(stack.chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
      await ((await mint(payer.address, 10n ** 9n)) as { wait(): Promise<unknown> }).wait();
      const call = async <T>(method: string, path: string, body?: object) => {
        const res = await fetch(`${api.url}${path}`, {
          method,
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect([path, res.status]).toEqual([path, method === 'POST' ? 201 : 200]);
        return (await res.json()) as T;
      };
      const payout = await call<{ requestId: string; transactions: ApiTransaction[] }>('POST', '/v2/payouts', {
        payee: Wallet.createRandom().address,
        amount: '3.25',
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        payerWallet: payer.address,
      });
      await payer.submit(payout.transactions);
      const paid = await waitFor(
        'the payout settled on the restored database',
        async () => {
          const status = await call<{ hasBeenPaid: boolean; amountPaid: string }>('GET', `/v2/request/${payout.requestId}`);
          return status.hasBeenPaid ? status : undefined;
        },
        20_000,
        200,
      );
      expect(paid.amountPaid).toBe('3.25');
    } finally {
      payer.close();
    }
  }, 90_000);
});
