import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@payrail/persistence';
import { createDatabase, freePort, startApp, type AppHandle, type AppName } from '@payrail/devstack';
import { appEnv, testStack, uniqueName } from '../stack.js';
import type { MigrationClass } from './migration-files.js';
import type { PreviousRelease } from './previous-release.js';
import { releaseSmoke, type ReleaseApps } from './release-smoke.js';

export interface CheckResult {
  /** The smoke steps the release passed. */
  steps: string[];
  migrateMs: number;
  startMs: number;
  smokeMs: number;
}

/** A fresh database migrated by HEAD's runner with exactly `migrations` (each in its own transaction, as `npm run migrate`). */
async function migratedDatabase(migrations: MigrationClass[]): Promise<string> {
  const stack = testStack();
  const name = uniqueName('xc');
  await createDatabase(stack.postgresAdminUrl, name);
  const url = stack.postgresAdminUrl.replace(/\/postgres$/, `/${name}`);
  const db = new DataSource({ ...dataSourceOptions(url, 2), migrations });
  await db.initialize();
  try {
    await db.runMigrations({ transaction: 'each' });
  } finally {
    await db.destroy();
  }
  return url;
}

async function startReleaseApp(release: PreviousRelease, name: AppName, env: Record<string, string>): Promise<AppHandle> {
  const port = await freePort();
  const log = join(testStack().dir, `${name}-release-${release.commit.slice(0, 12)}-${port}.log`);
  try {
    return await startApp(name, { port, env, root: release.dir, output: { file: log } });
  } catch (error) {
    throw new Error(`${name} of ${release.commit} did not start on the migrated schema (its log: ${log}): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * The expand/contract check: the previous release's four apps, built from git, run against a
 * database migrated by HEAD with `migrations`, and must pass the release smoke. Throws
 * (SmokeStepFailed naming the step, or an app that did not start) when the schema broke them.
 */
export async function checkRelease(release: PreviousRelease, migrations: MigrationClass[]): Promise<CheckResult> {
  let at = performance.now();
  const lap = () => {
    const ms = Math.round(performance.now() - at);
    at = performance.now();
    return ms;
  };
  const databaseUrl = await migratedDatabase(migrations);
  const migrateMs = lap();
  const env = appEnv(databaseUrl, uniqueName('xc'), { RATE_LIMIT_MULTIPLIER: '100', DETECTION_POLL_INTERVAL_MS: '200' });
  const started = await Promise.allSettled(
    (['payments-api', 'auth-api', 'chain-worker', 'webhook-worker'] as const).map((name) => startReleaseApp(release, name, env)),
  );
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [payments, auth, chainWorker, webhookWorker] = running;
    const apps: ReleaseApps = { payments, auth, chainWorker, webhookWorker };
    const startMs = lap();
    const steps = await releaseSmoke(apps, env);
    return { steps, migrateMs, startMs, smokeMs: lap() };
  } finally {
    await Promise.all(running.map((app) => app.stop()));
  }
}
