import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { sqlExecute, streamPaymentExportOn } from '@payrail/persistence';
import { configureHttpApp } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import { seedPaidRequests } from '@payrail/test-support/dashboard/request-rows.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { fmt } from './autocannon.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';

// GET /v2/exports/payments (issue #36 item 4) over BENCH_ROWS (100,000) settled payments with
// their fiat value at settlement, as CSV and as JSON, beside a baseline measured in the same run:
// the same query read through the export's Postgres cursor with nothing done to the rows (no
// formatting, no HTTP). While the CSV export streams, a cheap read of the request pool
// (GET /v2/requests?limit=20) is timed, to show the export does not hold that pool.
const ROWS = sized('BENCH_ROWS', 100_000, 500);
const LIMIT_SECONDS = 60;

async function baseline(db: DataSource, platformId: string): Promise<number> {
  const runner = db.createQueryRunner();
  await runner.connect();
  const started = performance.now();
  let rows = 0;
  try {
    for await (const batch of streamPaymentExportOn(runner, platformId, {})) rows += batch.length;
  } finally {
    await runner.release();
  }
  if (rows !== ROWS) throw new Error(`baseline read ${rows} rows, expected ${ROWS}`);
  return (performance.now() - started) / 1000;
}

async function exportOnce(url: string, apiKey: string, format: 'csv' | 'json'): Promise<{ seconds: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/v2/exports/payments?format=${format}`, { headers: { 'x-api-key': apiKey } });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return { seconds: (performance.now() - started) / 1000, bytes };
}

async function cheapRead(url: string, apiKey: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/v2/requests?limit=20`, { headers: { 'x-api-key': apiKey } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`read answered ${res.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const infra = await benchInfra('bench-payments-export');
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
    RATE_LIMIT_MULTIPLIER: '1000',
    RATE_LIMIT_API_KEY_PER_SECOND: '100000',
    RATE_LIMIT_API_KEY_PER_MINUTE: '6000000',
  };
  const app = await NestFactory.create<NestExpressApplication>(PaymentsApiModule.forRoot(env), { bodyParser: false, bufferLogs: true });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const { platform, apiKey } = await createTenant(app);
    const reader = await createTenant(app);
    const db = app.get(DataSource);
    await seedPaidRequests(db, platform.id, ROWS);
    await seedPaidRequests(db, reader.platform.id, 100);
    // One settled transfer per request, valued at settlement (USD at 0.9987 from a feed).
    await sqlExecute(
      db,
      `INSERT INTO payment_transfers (network, contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic,
          token, to_address, from_address, amount, fee_amount, fee_address, settled_at, platform_id,
          fiat_currency, fiat_value, fiat_rate, fiat_rate_source, fiat_rate_at)
       SELECT r.network, r.proxy_address, r.tx_hash, 0, 1000 + row_number() OVER (ORDER BY r.created_at), '0x' || repeat('b', 64),
              r.paid_at, r.reference_topic, null, r.payee, '0x' || repeat('2', 40), r.amount_paid, 0, '0x' || repeat('0', 40), r.paid_at,
              r.platform_id, 'USD', round(r.amount_paid * 0.9987 / 1000000, 2), 0.9987, 'chainlink-conversion-path:0x' || repeat('c', 40), r.paid_at
         FROM requests r WHERE r.platform_id = $1`,
      [platform.id],
    );
    await sqlExecute(db, 'ANALYZE');
    await baseline(db, platform.id); // warm-up
    const base = await baseline(db, platform.id);
    const idle = await cheapRead(url, reader.apiKey.apiKey);
    let during = 0;
    const csvRun = exportOnce(url, apiKey.apiKey, 'csv');
    await new Promise((r) => setTimeout(r, 100));
    during = await cheapRead(url, reader.apiKey.apiKey);
    const csv = await csvRun;
    const json = await exportOnce(url, apiKey.apiKey, 'json');
    console.log(`payments export of ${fmt(ROWS)} settled payments with fiat at settlement`);
    console.log(`  baseline (the export's cursor, rows not formatted, no HTTP)  ${fmt(base, 2)} s`);
    console.log(
      `  GET /v2/exports/payments CSV   ${fmt(csv.seconds, 2)} s  ${fmt(csv.bytes / 2 ** 20, 1)} MiB  (${fmt(csv.seconds / base, 2)}x baseline)`,
    );
    console.log(
      `  GET /v2/exports/payments JSON  ${fmt(json.seconds, 2)} s  ${fmt(json.bytes / 2 ** 20, 1)} MiB  (${fmt(json.seconds / base, 2)}x baseline)`,
    );
    console.log(`  GET /v2/requests?limit=20 of another platform: idle ${fmt(idle, 1)} ms, during the CSV export ${fmt(during, 1)} ms`);
    console.log(
      `  target < ${LIMIT_SECONDS} s for 100,000 rows: ${ROWS >= 100_000 ? (Math.max(csv.seconds, json.seconds) < LIMIT_SECONDS ? 'met' : 'missed') : 'not measured at this size'}`,
    );
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    reportFigures('payments-export', [
      { name: `payments export CSV ${ROWS} rows`, value: csv.seconds, unit: 's', better: 'lower' },
      { name: `payments export JSON ${ROWS} rows`, value: json.seconds, unit: 's', better: 'lower' },
      { name: `payments export cursor baseline ${ROWS} rows`, value: base, unit: 's', better: 'lower' },
    ]);
  } finally {
    await app.close();
    await infra.stop();
  }
}

await main();
