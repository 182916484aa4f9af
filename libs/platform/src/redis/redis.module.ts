import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { BaseEnv } from '../config/env.js';
import { redisOptionsFromUrl } from './redis-options.js';

export const REDIS = Symbol('REDIS');

/** Closes the shared connection after everything that uses it has stopped. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One ioredis connection per process for commands (rate limits, sessions, locks). */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [BaseEnv],
      useFactory: (env: BaseEnv) =>
        new Redis(redisOptionsFromUrl(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
