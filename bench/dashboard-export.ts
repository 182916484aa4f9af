import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { requestListQuery, sqlExecute, sqlRows } from '@payrail/persistence';
import { configureHttpApp } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import { seedPaidRequests } from '@payrail/test-support/dashboard/request-rows.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { PaymentsApiEnv } from '../apps/payments-api/src/config/payments-api.env.js';
import { fmt } from './autocannon.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';
import { cheapReads, heldExport, type Latency, latencyOf, refusedExport, streamingExports } from './export-flood.js';

// GET /v2/requests/export (CSV streamed from a Postgres cursor) over BENCH_ROWS (100,000) requests,
// beside a baseline measured in the same run: the same query read through a Postgres cursor in
// batches of 1,000 with nothing done to the rows (no formatting, no HTTP). The client counts lines
// as they arrive; the RSS growth of this process (server and client) during the export is printed.
// Then the request pool beside exports (issue #29 item 7): a cheap authenticated read of another
// platform (GET /v2/requests?limit=20, one at a time, BENCH_READS of them) unflooded, while
// EXPORT_MAX_PER_REPLICA exports are held open by clients that stopped reading, and while as many
// stream back to back; and exports beyond the caps, timed to their 429. Every figure is printed
// with its ratio to the unflooded read of the same run.
const ROWS = sized('BENCH_ROWS', 100_000, 500);
const READS = sized('BENCH_READS', 300, 20);
const REFUSED = sized('BENCH_REFUSED', 40, 4);
const FLOOD_ROWS = 40_000;
const LIMIT_SECONDS = 60;

async function baseline(db: DataSource, platformId: string): Promise<number> {
  const { sql, params } = requestListQuery(platformId, {}, {});
  const runner = db.createQueryRunner();
  await runner.connect();
  const started = performance.now();
  let rows = 0;
  try {
    await runner.startTransaction('REPEATABLE READ');
    await sqlExecute(runner.manager, `DECLARE bench_baseline NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const batch = await sqlRows(runner.manager, 'FETCH FORWARD 1000 FROM bench_baseline');
      rows += batch.length;
      if (batch.length < 1000) break;
    }
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
  if (rows !== ROWS) throw new Error(`baseline read ${rows} rows, expected ${ROWS}`);
  return (performance.now() - started) / 1000;
}

async function exportOnce(url: string, apiKey: string): Promise<{ seconds: number; lines: number; bytes: number; peakRssMb: number }> {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const res = await fetch(`${url}/v2/requests/export`, { headers: { 'x-api-key': apiKey } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines++;
  }
  clearInterval(sampler);
  return { seconds: (performance.now() - started) / 1000, lines, bytes, peakRssMb: (peak - rssBefore) / 2 ** 20 };
}

/** Waits until no export connection is in a transaction any more (held exports' clients went away). */
async function exportsEnded(db: DataSource): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await sqlRows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'payrail-export' AND state <> 'idle' AND datname = current_database()`,
    );
    if (row.n === 0) return;
    if (Date.now() > deadline) throw new Error(`${row.n} export sessions still busy after their clients went away`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const line = (label: string, l: Latency, base: Latency) =>
  console.log(
    `  ${label.padEnd(52)} p50 ${fmt(l.p50, 1).padStart(6)} ms (${fmt(l.p50 / base.p50, 2)}x)  ` +
      `p99 ${fmt(l.p99, 1).padStart(6)} ms (${fmt(l.p99 / base.p99, 2)}x)  n=${l.count}`,
  );

async function main(): Promise<void> {
  const infra = await benchInfra('bench-export');
  const env = {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    PAYRAIL_ENV: 'production',
    NODE_ENV: 'production',
    PII_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    WEBHOOK_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 8).toString('base64')}`,
    // The reads below are one client's back-to-back calls: the API key limits are not measured here.
    RATE_LIMIT_MULTIPLIER: '1000',
    RATE_LIMIT_API_KEY_PER_SECOND: '100000',
    RATE_LIMIT_API_KEY_PER_MINUTE: '6000000',
  };
  const app = await NestFactory.create<NestExpressApplication>(PaymentsApiModule.forRoot(env), { bodyParser: false, bufferLogs: true });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const {
      EXPORT_MAX_PER_REPLICA: perReplica,
      EXPORT_MAX_PER_PLATFORM: perPlatform,
      DATABASE_POOL_SIZE: poolSize,
    } = app.get(PaymentsApiEnv);
    const { platform, apiKey } = await createTenant(app);
    const db = app.get(DataSource);
    const seeding = performance.now();
    await seedPaidRequests(db, platform.id, ROWS);
    // Exporters filling the replica's export slots: the first platform, then others, each up to its cap.
    // (At least FLOOD_ROWS each: an export must outlast what socket buffers hold to stay open unread.)
    const floodRows = Math.max(ROWS, FLOOD_ROWS);
    const exporterKeys: string[] = [];
    for (let p = 0; exporterKeys.length < perReplica; p++) {
      const tenant = p === 0 && ROWS >= floodRows ? { platform, apiKey } : await createTenant(app);
      if (tenant.platform !== platform) await seedPaidRequests(db, tenant.platform.id, floodRows);
      for (let i = 0; i < perPlatform && exporterKeys.length < perReplica; i++) exporterKeys.push(tenant.apiKey.apiKey);
    }
    const reader = await createTenant(app);
    await seedPaidRequests(db, reader.platform.id, 100);
    const outsider = await createTenant(app);
    await sqlExecute(db, 'ANALYZE requests');
    console.log(
      `seeded ${fmt(ROWS)} requests to export, ${fmt(floodRows)} for each of ${new Set(exporterKeys).size} platforms exporting at once, ` +
        `in ${fmt((performance.now() - seeding) / 1000, 1)} s`,
    );
    await baseline(db, platform.id); // warm-up: pages in the table and its index
    const base = await baseline(db, platform.id);
    const run = await exportOnce(url, apiKey.apiKey);
    if (run.lines !== ROWS + 1) throw new Error(`export sent ${run.lines} lines, expected ${ROWS + 1}`);
    console.log(`GET /v2/requests/export, ${fmt(ROWS)} rows, one run:`);
    console.log(`  baseline (same query, Postgres cursor, rows discarded): ${fmt(base, 2)} s`);
    console.log(
      `  export (CSV over HTTP):                                 ${fmt(run.seconds, 2)} s, ${fmt(run.bytes / 2 ** 20, 1)} MiB, ` +
        `${fmt(ROWS / run.seconds)} rows/s, server RSS growth ${fmt(run.peakRssMb)} MiB`,
    );
    console.log(`  baseline / export: ${fmt(base / run.seconds, 3)}`);
    console.log(`  ${run.seconds < LIMIT_SECONDS ? 'PASS' : 'FAIL'}: ${fmt(run.seconds, 2)} s against the ${LIMIT_SECONDS} s target`);
    if (run.seconds >= LIMIT_SECONDS) process.exitCode = 1;

    // The request pool beside exports.
    const read = reader.apiKey.apiKey;
    await cheapReads(url, read, Math.max(20, READS / 5)); // warm-up
    const alone = latencyOf(await cheapReads(url, read, READS));

    const held = await Promise.all(exporterKeys.map((key) => heldExport(url, key)));
    const beside = latencyOf(await cheapReads(url, read, READS));
    const refusals: number[] = [];
    for (let i = 0; i < REFUSED; i++) refusals.push(await refusedExport(url, i % 2 === 0 ? apiKey.apiKey : outsider.apiKey.apiKey));
    const refused = latencyOf(refusals);
    held.forEach((res) => res.destroy());
    await exportsEnded(db);

    const flood = streamingExports(url, exporterKeys);
    const streamingStarted = performance.now();
    let streaming: Latency;
    try {
      streaming = latencyOf(await cheapReads(url, read, READS, () => flood.running() === perReplica));
    } finally {
      await flood.stop();
    }
    const streamedSeconds = (performance.now() - streamingStarted) / 1000;
    await exportsEnded(db);

    console.log(
      `GET /v2/requests?limit=20 of another platform, one at a time (request pool ${poolSize} connections; ` +
        `exports: own pool, ${perReplica} per replica, ${perPlatform} per platform):`,
    );
    line('unflooded', alone, alone);
    line(`while ${perReplica} exports are held open (clients stopped reading)`, beside, alone);
    line(`while ${perReplica} exports of ${fmt(floodRows)} rows stream back to back`, streaming, alone);
    console.log(`    (${flood.completed()} exports completed in ${fmt(streamedSeconds, 1)} s meanwhile)`);
    line(`exports beyond the caps, time to their 429 + Retry-After`, refused, alone);
    reportFigures('export', [
      { name: `export of ${fmt(ROWS)} requests`, value: run.seconds * 1000, unit: 'ms', better: 'lower' },
      { name: 'bare cursor read of the same query', value: base * 1000, unit: 'ms', better: 'lower' },
      { name: 'cheap read p99, unflooded', value: alone.p99, unit: 'ms', better: 'lower' },
      { name: `cheap read p99, ${perReplica} exports held open`, value: beside.p99, unit: 'ms', better: 'lower' },
      { name: `cheap read p99, ${perReplica} exports streaming`, value: streaming.p99, unit: 'ms', better: 'lower' },
      { name: 'refused export p99', value: refused.p99, unit: 'ms', better: 'lower' },
    ]);
  } finally {
    await app.close();
    await infra.stop();
  }
}

await main();
process.exit(process.exitCode ?? 0);
