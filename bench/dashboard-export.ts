import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { requestListQuery, sqlExecute, sqlRows } from '@payrail/persistence';
import { configureHttpApp } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import { seedPaidRequests } from '@payrail/test-support/dashboard/request-rows.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { fmt } from './autocannon.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';

// GET /v2/requests/export (CSV streamed from a Postgres cursor) over 100,000 requests, beside a
// baseline measured in the same run: the same query read through a Postgres cursor in batches of
// 1,000 with nothing done to the rows (no formatting, no HTTP). The client counts lines as they
// arrive; the RSS growth of this process (server and client) during the export is printed too.
const ROWS = sized('BENCH_ROWS', 100_000, 500);
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
  };
  const app = await NestFactory.create<NestExpressApplication>(PaymentsApiModule.forRoot(env), { bodyParser: false, bufferLogs: true });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const { platform, apiKey } = await createTenant(app);
    const db = app.get(DataSource);
    const seeding = performance.now();
    await seedPaidRequests(db, platform.id, ROWS);
    await sqlExecute(db, 'ANALYZE requests');
    console.log(`seeded ${fmt(ROWS)} requests in ${fmt((performance.now() - seeding) / 1000, 1)} s`);
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
    reportFigures('export', [
      { name: `export of ${fmt(ROWS)} requests`, value: run.seconds * 1000, unit: 'ms', better: 'lower' },
      { name: 'bare cursor read of the same query', value: base * 1000, unit: 'ms', better: 'lower' },
    ]);
    console.log(`  ${run.seconds < LIMIT_SECONDS ? 'PASS' : 'FAIL'}: ${fmt(run.seconds, 2)} s against the ${LIMIT_SECONDS} s target`);
    if (run.seconds >= LIMIT_SECONDS) process.exitCode = 1;
  } finally {
    await app.close();
    await infra.stop();
  }
}

await main();
process.exit(process.exitCode ?? 0);
