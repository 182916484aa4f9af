import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { BaseEnv } from '../config/env.js';
import { redisOptionsFromUrl } from './redis-options.js';

export const REDIS = Symbol('REDIS');
const logger = new Logger('Redis');

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
      useFactory: (env: BaseEnv) => {
        // Auto-pipelining: the commands issued in one event-loop tick (a burst of requests'
        // rate-limit scripts, say) leave in one write instead of one syscall each. Nothing on
        // this connection blocks or subscribes (the credential cache has its own subscriber).
        const redis = new Redis(
          redisOptionsFromUrl(env.REDIS_URL, {
            maxRetriesPerRequest: 2,
            enableOfflineQueue: true,
            lazyConnect: false,
            enableAutoPipelining: true,
          }),
        );
        // ioredis reconnects by itself; commands fail meanwhile and readiness reports it.
        redis.on('error', (error: Error) => logger.warn(`redis: ${error.message}`));
        return redis;
      },
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
