import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from '@payrail/persistence';
import { ANVIL_ACCOUNTS, startAnvil } from './anvil.js';
import { compileContracts } from './contracts/compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './contracts/deploy.js';
import { refreshLocalFeeds } from './contracts/feeds.js';
import { createDatabase, startPostgres } from './postgres.js';
import { freePort } from './ports.js';
import { startRedis } from './redis.js';
import type { StackChain } from './stack-file.js';

export interface InfraOptions {
  /** Directory for data (`.local` for `npm start`, a temp dir for tests). */
  dir: string;
  /** Ephemeral: no data survives (tests). */
  ephemeral: boolean;
  ports: { postgres: number; redis: number; anvil: number };
  /** Use these servers instead of starting private ones. */
  external?: { databaseUrl?: string; redisUrl?: string; rpcUrl?: string };
  /** A deployment recorded by an earlier run: reused when its contracts are still on the chain. */
  previousDeployment?: LocalDeployment;
  anvilBlockTime?: number;
  log: (line: string) => void;
}

export interface Infra {
  databaseUrl: string;
  /** Admin URL of the private Postgres (absent when DATABASE_URL was given). */
  postgresAdminUrl?: string;
  redisUrl: string;
  chain: StackChain;
  deployment: LocalDeployment;
  stop(): Promise<void>;
}

export const LOCAL_NETWORK = 'sepolia';

/** Starts (or reuses) Postgres, Redis and anvil, deploys the contracts and migrates. */
export async function startInfra(opts: InfraOptions): Promise<Infra> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    let databaseUrl = opts.external?.databaseUrl;
    let postgresAdminUrl: string | undefined;
    if (!databaseUrl) {
      const pg = await startPostgres({ dataDir: join(opts.dir, 'postgres', 'data'), port: opts.ports.postgres, ephemeral: opts.ephemeral });
      stops.push(() => pg.stop());
      await createDatabase(pg.adminUrl, 'payrail');
      databaseUrl = pg.urlFor('payrail');
      postgresAdminUrl = pg.adminUrl;
      opts.log(`postgres  ${databaseUrl}`);
    }
    let redisUrl = opts.external?.redisUrl;
    if (!redisUrl) {
      const redis = await startRedis({
        port: opts.ports.redis,
        dataDir: opts.ephemeral ? undefined : join(opts.dir, 'redis'),
        log: opts.log,
      });
      stops.push(() => redis.stop());
      redisUrl = redis.url;
      opts.log(`redis     ${redisUrl}`);
    }
    let rpcUrl = opts.external?.rpcUrl;
    if (!rpcUrl) {
      const anvil = await startAnvil({
        port: opts.ports.anvil,
        stateFile: opts.ephemeral ? undefined : join(opts.dir, 'anvil', 'state.json'),
        blockTime: opts.anvilBlockTime,
      });
      stops.push(() => anvil.stop());
      rpcUrl = anvil.rpcUrl;
      opts.log(`anvil     ${rpcUrl} (chain id ${anvil.chainId}, standing in for ${LOCAL_NETWORK})`);
    }
    await compileContracts();
    const deployer = ANVIL_ACCOUNTS[0];
    const deployment = await deployLocalContracts({ rpcUrl, deployerPrivateKey: deployer.privateKey, previous: opts.previousDeployment });
    if (deployment !== opts.previousDeployment) {
      await fundAccounts({ rpcUrl, deployerPrivateKey: deployer.privateKey, deployment, accounts: [ANVIL_ACCOUNTS[1].address] });
    } else {
      const refreshed = await refreshLocalFeeds({ rpcUrl, deployerPrivateKey: deployer.privateKey, deployment });
      if (refreshed.length > 0) opts.log(`price feeds re-stamped: ${refreshed.join(', ')}`);
    }
    const applied = await runMigrations(databaseUrl);
    if (applied.length > 0) opts.log(`migrations applied: ${applied.join(', ')}`);
    const chain: StackChain = {
      rpcUrl,
      chainId: deployment.chainId,
      contracts: deployment.contracts,
      tokens: Object.fromEntries(Object.entries(deployment.tokens).map(([s, t]) => [s, t.address])),
      tokenDecimals: Object.fromEntries(Object.entries(deployment.tokens).map(([s, t]) => [s, t.decimals])),
      feeds: deployment.feeds,
    };
    return { databaseUrl, postgresAdminUrl, redisUrl, chain, deployment, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Private, throw-away servers on free ports in a fresh temporary directory (benchmarks, the
 * test harness): `stop()` stops them and removes the directory. `dir` is kept for files that
 * belong with them (deployment JSON, logs). `external` servers are used instead of private ones
 * (bench:scale hands a benchmark a seeded database this way).
 */
export async function startEphemeralInfra(label: string, external?: InfraOptions['external']): Promise<Infra & { dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), `payrail-${label}-`));
  await chmod(dir, 0o755); // Postgres runs as the postgres user when we are root
  const infra = await startInfra({
    dir,
    ephemeral: true,
    ports: { postgres: await freePort(), redis: await freePort(), anvil: await freePort() },
    external,
    log: () => undefined,
  });
  return {
    ...infra,
    dir,
    stop: async () => {
      await infra.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
