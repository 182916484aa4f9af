import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { configureHttpApp } from '@payrail/platform';
import express from 'express';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { benchInfra, sized } from './bench-run.js';
import { fmt, load } from './autocannon.js';

// GET /v2/currencies?network=base through payments-api (API key guard, Redis rate limiter with
// a limit high enough not to bite, validation, logging) beside a plain Express 5 server and a
// bare Node http server answering the same bytes, one after the other in one run.
const PATH = '/v2/currencies?network=base';
const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));

async function main(): Promise<void> {
  const infra = await benchInfra('bench-currencies');
  const env = {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
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
  const payrail = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const { apiKey } = await createTenant(app);
  const headers = { 'x-api-key': apiKey.apiKey };
  const res = await fetch(payrail + PATH, { headers });
  if (res.status !== 200) throw new Error(`payments-api answered ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const plain = express();
  plain.get('/v2/currencies', (_req, r) => void r.type('application/json').send(bytes));
  const expressServer = createServer(plain);
  const bare = createServer((_req, r) => {
    r.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    r.end(bytes);
  });
  const [expressUrl, bareUrl] = [await listen(expressServer), await listen(bare)];
  const seconds = sized('BENCH_SECONDS', 10, 1);
  try {
    await load(payrail + PATH, { seconds: 2, connections: 20, headers }); // warm-up
    // Server CPU per request (this process serves all three): a figure other load on the
    // machine moves much less than requests per second.
    const measured = async (url: string, withHeaders?: Record<string, string>) => {
      const before = process.cpuUsage();
      const result = await load(url, { seconds, connections: 20, headers: withHeaders });
      const used = process.cpuUsage(before);
      return { ...result, cpuUsPerRequest: (used.user + used.system) / (result.requestsPerSecond * seconds) };
    };
    const results = {
      bare: await measured(bareUrl + PATH),
      express: await measured(expressUrl + PATH),
      payrail: await measured(payrail + PATH, headers),
    };
    console.log(`GET ${PATH}: ${bytes.length} bytes, ${seconds}s each, 20 connections, one run`);
    for (const [name, r] of Object.entries(results)) {
      console.log(
        `  ${name.padEnd(8)} ${fmt(r.requestsPerSecond).padStart(7)} req/s  p99 ${fmt(r.latencyP99Ms)} ms  ` +
          `server CPU ${fmt(r.cpuUsPerRequest)} µs/request  non-2xx ${r.non2xx}`,
      );
    }
    console.log(`  express / bare:    ${fmt(results.express.requestsPerSecond / results.bare.requestsPerSecond, 3)}`);
    console.log(`  payrail / express: ${fmt(results.payrail.requestsPerSecond / results.express.requestsPerSecond, 3)} (target >= 0.5)`);
    console.log(`  CPU per request, express / payrail: ${fmt(results.express.cpuUsPerRequest / results.payrail.cpuUsPerRequest, 3)}`);
  } finally {
    expressServer.close();
    bare.close();
    await app.close();
    await infra.stop();
  }
}

await main();
process.exit(0);
