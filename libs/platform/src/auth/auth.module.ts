import { Global, Inject, Injectable, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { HttpApiEnv } from '../config/http-api-env.js';
import { REDIS } from '../redis/redis.module.js';
import { redisOptionsFromUrl } from '../redis/redis-options.js';
import { Authenticator } from './authenticator.js';
import { CLOCK, noRedisTimeShift, REDIS_TIME_SHIFT, systemClock, type Clock, type RedisTimeShift } from './clock.js';
import { CredentialGuard } from './credential.guard.js';
import { CredentialCache } from './credential-cache.js';
import { FailedAuthLimiter } from './failed-auth-limiter.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionCookieRefresh } from '../sessions/session-cookie-refresh.js';
import { SessionStore } from '../sessions/session-store.js';

/** Keeps this replica's credential cache in step with changes announced by any process. */
@Injectable()
class CredentialChangeListener implements OnModuleInit, OnApplicationShutdown {
  private subscriber: Redis | undefined;

  constructor(
    private readonly cache: CredentialCache,
    @Inject(HttpApiEnv) private readonly env: HttpApiEnv,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = new Redis(redisOptionsFromUrl(this.env.REDIS_URL, { maxRetriesPerRequest: null }));
    await this.cache.listen(this.subscriber, this.env.QUEUE_PREFIX);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}

/**
 * Credentials, rate limits and CORS for an HTTP API: every route passes the global
 * CredentialGuard. Requires AppConfigModule.forApp with a schema extending HttpApiEnv.
 */
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    { provide: REDIS_TIME_SHIFT, useValue: noRedisTimeShift },
    { provide: CredentialCache, inject: [HttpApiEnv], useFactory: (env: HttpApiEnv) => new CredentialCache(env.CREDENTIAL_CACHE_TTL_MS) },
    {
      provide: Authenticator,
      inject: [DataSource, CredentialCache],
      useFactory: (db: DataSource, cache: CredentialCache) => new Authenticator(db, cache),
    },
    {
      provide: RateLimiter,
      inject: [REDIS, HttpApiEnv, REDIS_TIME_SHIFT],
      useFactory: (redis: Redis, env: HttpApiEnv, shift: RedisTimeShift) =>
        new RateLimiter(
          redis,
          env.QUEUE_PREFIX,
          {
            afterRejections: env.RATE_LIMIT_BLOCK_AFTER_REJECTIONS,
            windowSeconds: env.RATE_LIMIT_BLOCK_WINDOW_SECONDS,
            blockSeconds: env.RATE_LIMIT_BLOCK_SECONDS,
          },
          shift,
        ),
    },
    {
      provide: FailedAuthLimiter,
      inject: [REDIS, HttpApiEnv, REDIS_TIME_SHIFT],
      useFactory: (redis: Redis, env: HttpApiEnv, shift: RedisTimeShift) =>
        new FailedAuthLimiter(
          redis,
          env.QUEUE_PREFIX,
          { maxFailures: env.FAILED_AUTH_MAX_PER_IP, windowSeconds: env.FAILED_AUTH_WINDOW_SECONDS },
          shift,
        ),
    },
    {
      provide: SessionStore,
      inject: [REDIS, HttpApiEnv, CLOCK],
      useFactory: (redis: Redis, env: HttpApiEnv, clock: Clock) =>
        new SessionStore(redis, env.QUEUE_PREFIX, clock, env.WALLET_SESSION_MAX_AGE_SECONDS * 1000),
    },
    CredentialChangeListener,
    { provide: APP_GUARD, useClass: CredentialGuard },
    { provide: APP_INTERCEPTOR, useClass: SessionCookieRefresh },
  ],
  exports: [Authenticator, CredentialCache, RateLimiter, SessionStore, CLOCK, REDIS_TIME_SHIFT],
})
export class CredentialsModule {}
