import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import { configureHttpApp } from '@payrail/platform';
import { CreateApiKey } from '@payrail/tenancy';
import { DataSource } from 'typeorm';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import type { ChainWorkerEnv } from '../apps/chain-worker/src/config/chain-worker.env.js';
import { ExpirySweeper } from '../apps/chain-worker/src/expiry/expiry-sweeper.service.js';
import { seedYear } from '../tools/seed/src/index.js';
import { fmt } from './autocannon.js';
import { benchInfra, type Figure, percentile, reportFigures, sized } from './bench-run.js';

// Request reads and the dashboard's lists as the large platform of a seeded year reads them, one
// request at a time (latency without queueing): GET /v2/request/{id}, GET /v2/requests (first page,
// a filtered page, the next page by cursor), GET /v2/events; then the expiry sweep of due secure
// payments. On a database that holds no seeded year, a week's worth (seeder scale 0.001) is
// written first, so the same platform and routes are read on the empty and on the full database.
const SAMPLES = sized('BENCH_SAMPLES', 300, 5);
const DUE = sized('BENCH_DUE', 500, 10);
const LARGE_PLATFORM = 'seedpf000000';

async function main(): Promise<void> {
  const infra = await benchInfra('bench-reads');
  const env = {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    RATE_LIMIT_API_KEY_PER_SECOND: '100000',
    RATE_LIMIT_API_KEY_PER_MINUTE: '6000000',
  };
  const app = await NestFactory.create<NestExpressApplication>(PaymentsApiModule.forRoot(env), { bodyParser: false, logger: false });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const db = app.get(DataSource);
  try {
    if (!(await sqlOne(db, 'SELECT 1 AS seeded FROM platforms WHERE id = $1', [LARGE_PLATFORM]))) await seedYear(db, { scale: 0.001 });
    const { apiKey } = await app.get(CreateApiKey).execute({ platformId: LARGE_PLATFORM });
    const headers = { 'x-api-key': apiKey };
    const counts = await sqlOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM requests WHERE platform_id = $1', [LARGE_PLATFORM]);
    const ids = (
      await sqlRows<{ id: string }>(db, `SELECT id FROM requests WHERE platform_id = $1 AND network = 'sepolia' ORDER BY id LIMIT $2`, [
        LARGE_PLATFORM,
        SAMPLES,
      ])
    ).map((r) => r.id);
    const get = async (path: string): Promise<{ ms: number; body: unknown }> => {
      const started = performance.now();
      const res = await fetch(`${url}${path}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return { ms: performance.now() - started, body: JSON.parse(text) as unknown };
    };
    const firstPage = (await get('/v2/requests?limit=50')).body as { nextCursor?: string | null };
    const cursor = firstPage.nextCursor ? `&cursor=${encodeURIComponent(firstPage.nextCursor)}` : '';
    const routes: [string, (i: number) => string][] = [
      ['GET /v2/request/{id}', (i) => `/v2/request/${ids[i % ids.length]}`],
      ['GET /v2/requests (first page of 50)', () => '/v2/requests?limit=50'],
      ['GET /v2/requests?status=pending&network=sepolia', () => '/v2/requests?limit=50&status=pending&network=sepolia'],
      ['GET /v2/requests (next page by cursor)', () => `/v2/requests?limit=50${cursor}`],
      ['GET /v2/events (first page of 50)', () => '/v2/events?limit=50'],
    ];
    for (const [, path] of routes) for (let i = 0; i < Math.min(20, SAMPLES); i++) await get(path(i)); // warm-up
    const figures: Figure[] = [];
    console.log(`reads of the large platform (${fmt(counts?.n ?? 0)} requests), ${SAMPLES} requests per route, one at a time`);
    for (const [name, path] of routes) {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push((await get(path(i))).ms);
      times.sort((a, b) => a - b);
      console.log(`  ${name.padEnd(50)} p50 ${fmt(percentile(times, 50), 1)} ms  p99 ${fmt(percentile(times, 99), 1)} ms`);
      figures.push({ name: `${name} p99`, value: percentile(times, 99), unit: 'ms', better: 'lower' });
    }
    const sweepMs = await expirySweep(db);
    console.log(`  expiry sweep of ${DUE} due secure payments                ${fmt(sweepMs, 1)} ms`);
    figures.push({ name: `expiry sweep of ${DUE} due payments`, value: sweepMs, unit: 'ms', better: 'lower' });
    reportFigures('reads', figures);
  } finally {
    await app.close();
    await infra.stop();
  }
}

/** Makes DUE pending secure payments of the large platform due, and times one sweep that expires them. */
async function expirySweep(db: DataSource): Promise<number> {
  await sqlExecute(
    db,
    `INSERT INTO secure_payments (token, payment_type, platform_id, client_id_id, status, request_ids, access_policy, expires_at, created_at, updated_at)
     SELECT upper(substr(md5('sweep' || r.id || clock_timestamp()), 1, 26)), 'single', r.platform_id, r.client_id_id, 'pending', ARRAY[r.id],
            '{"allowedPayerAddresses": [], "screening": "off", "hidePayeeAddress": false}', now() - interval '1 minute',
            now() - interval '8 days', now()
       FROM (SELECT id, platform_id, client_id_id FROM requests WHERE platform_id = $1 ORDER BY id LIMIT $2) r`,
    [LARGE_PLATFORM, DUE],
  );
  // The sweeper's own settings; nothing else of the chain-worker's environment is read by sweep().
  const sweeper = new ExpirySweeper(db, { EXPIRY_SWEEP_BATCH_SIZE: 200, EXPIRY_SWEEP_INTERVAL_MS: 30_000 } as ChainWorkerEnv);
  const started = performance.now();
  const expired = await sweeper.sweep();
  const ms = performance.now() - started;
  if (expired < DUE) throw new Error(`the sweep expired ${expired} payments, expected at least ${DUE}`);
  return ms;
}

await main();
process.exit(0);
