import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BaseEnv } from '../config/env.js';
import { QUEUES } from './queues.js';

/**
 * BullMQ wiring shared by every app. Connection options, not a shared ioredis instance:
 * BullMQ opens its own blocking connections (and a duplicated instance keeps the process
 * alive after close). `maxRetriesPerRequest: null` is what BullMQ workers require.
 */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [BaseEnv],
      useFactory: (env: BaseEnv) => ({
        connection: { url: env.REDIS_URL, maxRetriesPerRequest: null },
        prefix: env.QUEUE_PREFIX,
      }),
    }),
    BullModule.registerQueue({ name: QUEUES.domainEvents }, { name: QUEUES.webhookDeliveries }, { name: QUEUES.webhookRecovery }),
  ],
  exports: [BullModule],
})
export class QueuesModule {}
