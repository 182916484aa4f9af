import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import { TerminusModule, HealthIndicatorService, type HealthIndicatorFunction, type HealthIndicatorResult } from '@nestjs/terminus';
import { pingDatabase } from '@payrail/persistence';
import { JsonRpcProvider } from 'ethers';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { BaseEnv } from '../config/env.js';
import { REDIS } from '../redis/redis.module.js';
import { isDraining } from './draining.js';
import { HealthController } from './health.controller.js';
import { READINESS_CHECKS } from './health.tokens.js';

const CHECK_TIMEOUT_MS = 2000;

export interface HealthOptions {
  /** Chain RPC endpoints by network, from the app's config; a network is ready when one of its endpoints answers. */
  rpcUrls?: (env: BaseEnv) => Record<string, string[]>;
  /** App-specific readiness details: providers (exported by a global module) with a `check()`. */
  extraChecks?: InjectionToken[];
}

interface ReadinessContributor {
  check(): HealthIndicatorResult | Promise<HealthIndicatorResult>;
}

async function firstAnsweringRpc(urls: string[]): Promise<{ url: string; blockNumber: number }> {
  const attempts = urls.map(async (url) => {
    const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    try {
      return { url: new URL(url).host, blockNumber: await provider.getBlockNumber() };
    } finally {
      provider.destroy();
    }
  });
  return Promise.any(attempts);
}

function readinessChecks(
  indicators: HealthIndicatorService,
  db: DataSource,
  redis: Redis,
  rpcUrls: Record<string, string[]>,
): HealthIndicatorFunction[] {
  const checks: HealthIndicatorFunction[] = [
    // First, so a process shutting down is taken out of its Service before it stops accepting.
    () => {
      const shutdown = indicators.check('shutdown');
      return isDraining() ? shutdown.down({ message: 'draining after SIGTERM' }) : shutdown.up();
    },
    () =>
      indicators
        .check('database')
        .attempt(() => pingDatabase(db))
        .withTimeout(CHECK_TIMEOUT_MS),
    () =>
      indicators
        .check('redis')
        .attempt(async () => void (await redis.ping()))
        .withTimeout(CHECK_TIMEOUT_MS),
  ];
  for (const [network, urls] of Object.entries(rpcUrls)) {
    if (urls.length === 0) continue;
    checks.push(() =>
      indicators
        .check(`rpc:${network}`)
        .attempt(async () => ({ blockNumber: (await firstAnsweringRpc(urls)).blockNumber }))
        .withTimeout(CHECK_TIMEOUT_MS),
    );
  }
  return checks;
}

/** `/health/live` and `/health/ready` (Postgres, Redis and, for chain users, the RPCs). */
@Module({})
export class HealthModule {
  static forRoot(options: HealthOptions = {}): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [
        {
          provide: READINESS_CHECKS,
          inject: [HealthIndicatorService, DataSource, REDIS, BaseEnv, ...(options.extraChecks ?? [])],
          useFactory: (
            indicators: HealthIndicatorService,
            db: DataSource,
            redis: Redis,
            env: BaseEnv,
            ...extra: ReadinessContributor[]
          ) => [
            ...readinessChecks(indicators, db, redis, options.rpcUrls?.(env) ?? {}),
            ...extra.map((contributor) => () => contributor.check()),
          ],
        },
      ],
    };
  }
}
