import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  AppConfigModule,
  Auth,
  configureHttpApp,
  CredentialsModule,
  DatabaseModule,
  LoggingModule,
  Public,
  RedisModule,
} from '@payrail/platform';
import { PaymentsApiEnv } from '../apps/payments-api/src/config/payments-api.env.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { benchInfra, sized } from './bench-run.js';
import { fmt, load } from './autocannon.js';

// Guard + rate-limit overhead: the same handler behind `@Public` and behind `@Auth('api-key')`
// (credential lookup from the replica cache + one Redis round trip for the limiter), measured
// one after the other in one run on the real Postgres and Redis.
const BODY = { ok: true, items: [1, 2, 3] };

@Controller('bench')
class BenchController {
  @Public('benchmark baseline') @Get('plain') plain() {
    return BODY;
  }
  @Auth('api-key') @Get('guarded') guarded() {
    return BODY;
  }
}

async function main(): Promise<void> {
  const infra = await benchInfra('bench-guard');
  const env = {
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    RATE_LIMIT_API_KEY_PER_SECOND: '100000',
    RATE_LIMIT_API_KEY_PER_MINUTE: '6000000',
  };
  @Module({
    imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
    controllers: [BenchController],
  })
  class BenchApi {}
  const app = await NestFactory.create<NestExpressApplication>(BenchApi, { bodyParser: false, logger: false });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const { apiKey } = await createTenant(app);
  const seconds = sized('BENCH_SECONDS', 10, 1);
  try {
    await load(`${base}/bench/plain`, { seconds: 2, connections: 20 }); // warm-up
    const plain = await load(`${base}/bench/plain`, { seconds, connections: 20 });
    const guarded = await load(`${base}/bench/guarded`, { seconds, connections: 20, headers: { 'x-api-key': apiKey.apiKey } });
    const perRequestUs = 1e6 / guarded.requestsPerSecond - 1e6 / plain.requestsPerSecond;
    console.log(`guard + rate limit overhead (${seconds}s each, 20 connections, in one run)`);
    console.log(
      `  baseline  same route, @Public     ${fmt(plain.requestsPerSecond)} req/s  mean ${fmt(plain.latencyMeanMs, 2)} ms  p99 ${fmt(plain.latencyP99Ms)} ms`,
    );
    console.log(
      `  guarded   @Auth('api-key') + RL   ${fmt(guarded.requestsPerSecond)} req/s  mean ${fmt(guarded.latencyMeanMs, 2)} ms  p99 ${fmt(guarded.latencyP99Ms)} ms  non-2xx ${guarded.non2xx}`,
    );
    console.log(
      `  ratio guarded/baseline: ${fmt(guarded.requestsPerSecond / plain.requestsPerSecond, 3)}; overhead ≈ ${fmt(perRequestUs)} µs of server time per request`,
    );
  } finally {
    await app.close();
    await infra.stop();
  }
}

await main();
process.exit(0);
