import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppHandle, type AppName, createDatabase, freePort, repoRoot, startApp, waitFor } from '@payrail/devstack';
import { createDataSource } from '@payrail/persistence';
import { seedTenant } from '@payrail/test-support/webhook-worker/fixtures.js';
import { fmt, load } from './autocannon.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';

// The resource footprint of each server app as a process (the built dist/ entry, as in the
// container), for the Kubernetes resource requests: k8s/base/*.yaml quote these figures beside
// each request, and docs/operations.md#resource-requests lists them. Per app: RSS after start-up
// and a settle (idle), then the RSS peak and the CPU (millicores) over a steady load:
//   payments-api  GET /v2/currencies?network=sepolia (API key, rate limiter, logging) at RATE req/s;
//   auth-api      GET /v1/webhook (client id + API key, a Postgres read) at RATE req/s;
//   webhook-worker and chain-worker idle: their CPU follows queue and chain traffic (bench:webhooks,
//   bench:detection print those costs);
//   payment-page and dashboard (apps/web-server, the `web` image) GET / at RATE req/s;
//   the migrate Job: `migrate` on an empty database (every migration), peak RSS and CPU over its run.
// Baseline in the same run: a bare `node` process that only keeps its event loop alive.
const RATE = sized('BENCH_RATE', 200, 20);
const SECONDS = sized('BENCH_SECONDS', 15, 2);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Sample {
  rssMiB: number;
  cpuSeconds: number;
}

function sample(pid: number): Sample {
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  // Fields after the `(comm)`: state is 3rd, utime the 14th and stime the 15th of the whole line.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMiB: Number(rss) / 1024, cpuSeconds: ticks / TICKS_PER_SECOND };
}

/** Peak RSS and CPU millicores of `pid` while `work` runs. */
async function measure(pid: number, work: () => Promise<unknown>): Promise<{ peakMiB: number; millicores: number }> {
  const start = sample(pid);
  let peak = start.rssMiB;
  const timer = setInterval(() => (peak = Math.max(peak, sample(pid).rssMiB)), 100);
  const began = performance.now();
  await work();
  clearInterval(timer);
  const end = sample(pid);
  const seconds = (performance.now() - began) / 1000;
  return { peakMiB: Math.max(peak, end.rssMiB), millicores: ((end.cpuSeconds - start.cpuSeconds) / seconds) * 1000 };
}

async function baselineRss(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await sleep(1000);
  const { rssMiB } = sample(child.pid!);
  child.kill('SIGKILL');
  return rssMiB;
}

const distEntry = (...path: string[]): string => join(repoRoot(), 'dist', ...path);

async function startWebApp(app: 'payment-page' | 'dashboard'): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [distEntry('apps', 'web-server', 'src', 'main.js')], {
    env: { ...process.env, WEB_APP: app, PORT: String(port), NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `${app} /health/ready`,
    async () => ((await fetch(`${url}/health/ready`).catch(() => undefined))?.ok ? true : undefined),
    30000,
    100,
  );
  return { child, url };
}

/** Peak RSS and CPU of one `migrate` run on an empty database. */
async function migrateRun(adminUrl: string): Promise<{ peakMiB: number; millicores: number }> {
  await createDatabase(adminUrl, 'footprint_migrate');
  const child = spawn(process.execPath, [distEntry('libs', 'persistence', 'src', 'cli', 'migrate.js')], {
    env: { ...process.env, DATABASE_URL: adminUrl.replace(/\/postgres$/, '/footprint_migrate'), NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let peak = 0;
  let cpu = 0;
  const began = performance.now();
  const timer = setInterval(() => {
    try {
      const now = sample(child.pid!);
      peak = Math.max(peak, now.rssMiB);
      cpu = now.cpuSeconds;
    } catch {
      // exited between two samples
    }
  }, 20);
  const code = await done;
  clearInterval(timer);
  if (code !== 0) throw new Error(`migrate exited with ${code}`);
  return { peakMiB: peak, millicores: (cpu / ((performance.now() - began) / 1000)) * 1000 };
}

async function main(): Promise<void> {
  const infra = await benchInfra('bench-footprint');
  const db = createDataSource(infra.databaseUrl, 2);
  await db.initialize();
  const tenant = await seedTenant(db);
  await db.destroy();
  const deploymentFile = join(infra.dir, 'deployment.json');
  await writeFile(deploymentFile, JSON.stringify(infra.deployment));
  const env = {
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    CHAIN_DEPLOYMENT_FILE: deploymentFile,
    PAYRAIL_ENV: 'local',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    QUEUE_PREFIX: 'bench',
    RATE_LIMIT_MULTIPLIER: '1000',
  };
  const apps: AppHandle[] = [];
  const headers = { 'x-client-id': tenant.clientId, 'x-api-key': tenant.apiKey };
  const loads: Partial<Record<AppName, (url: string) => Promise<unknown>>> = {
    'payments-api': (url) => load(`${url}/v2/currencies?network=sepolia`, { seconds: SECONDS, connections: 10, rate: RATE, headers }),
    'auth-api': (url) => load(`${url}/v1/webhook`, { seconds: SECONDS, connections: 10, rate: RATE, headers }),
  };
  try {
    const baseline = await baselineRss();
    const rows: string[] = [];
    const figures = [];
    for (const name of ['payments-api', 'auth-api', 'webhook-worker', 'chain-worker'] as const) {
      const app = await startApp(name, { port: await freePort(), env, output: { file: join(infra.dir, `${name}.log`) } });
      apps.push(app);
      await sleep(3000); // start-up garbage collected, timers settled
      const idle = sample(app.child.pid!).rssMiB;
      const work = loads[name];
      const loaded = await measure(app.child.pid!, work ? () => work(app.url) : () => sleep(SECONDS * 1000));
      const what = work ? `${RATE} req/s` : 'idle';
      rows.push(
        `${name.padEnd(15)} idle RSS ${fmt(idle).padStart(4)} MiB (${fmt(idle / baseline, 1)}x bare node), ` +
          `${what}: peak RSS ${fmt(loaded.peakMiB)} MiB, CPU ${fmt(loaded.millicores)}m`,
      );
      figures.push(
        { name: `${name} idle RSS`, value: idle, unit: 'MiB', better: 'lower' as const },
        { name: `${name} peak RSS (${what})`, value: loaded.peakMiB, unit: 'MiB', better: 'lower' as const },
        { name: `${name} CPU (${what})`, value: loaded.millicores, unit: 'millicores', better: 'lower' as const },
      );
    }
    for (const web of ['payment-page', 'dashboard'] as const) {
      const { child, url } = await startWebApp(web);
      try {
        await sleep(2000);
        const idle = sample(child.pid!).rssMiB;
        const loaded = await measure(child.pid!, () => load(`${url}/`, { seconds: SECONDS, connections: 10, rate: RATE }));
        rows.push(
          `${web.padEnd(15)} idle RSS ${fmt(idle).padStart(4)} MiB (${fmt(idle / baseline, 1)}x bare node), ` +
            `${RATE} req/s: peak RSS ${fmt(loaded.peakMiB)} MiB, CPU ${fmt(loaded.millicores)}m`,
        );
        figures.push({ name: `${web} peak RSS`, value: loaded.peakMiB, unit: 'MiB', better: 'lower' as const });
      } finally {
        child.kill('SIGTERM');
      }
    }
    if (infra.postgresAdminUrl) {
      const migrate = await migrateRun(infra.postgresAdminUrl);
      rows.push(
        `${'migrate'.padEnd(15)} every migration on an empty database: peak RSS ${fmt(migrate.peakMiB)} MiB, CPU ${fmt(migrate.millicores)}m`,
      );
      figures.push({ name: 'migrate peak RSS', value: migrate.peakMiB, unit: 'MiB', better: 'lower' as const });
    }
    console.log(`footprint of each app process (dist/, NODE_ENV=production, LOG_LEVEL=info); load ${RATE} req/s for ${SECONDS} s`);
    console.log(`baseline: bare node process RSS ${fmt(baseline)} MiB`);
    for (const row of rows) console.log(row);
    reportFigures('footprint', figures);
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await infra.stop();
  }
}

await main();
