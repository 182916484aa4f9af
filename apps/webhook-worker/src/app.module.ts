import { type DynamicModule, Module } from '@nestjs/common';
import {
  AppConfigModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  OutboxRelayModule,
  QueuesModule,
  RedisModule,
  validateEnv,
} from '@payrail/platform';
import { WebhookWorkerEnv } from './config/webhook-worker.env.js';
import { WebhookDispatcherModule } from './dispatcher.module.js';
import { FanOutPublisher } from './fan-out/fan-out-publisher.js';
import { RetentionModule } from './retention/retention.module.js';

@Module({})
export class WebhookWorkerModule {
  static forRoot(env: Record<string, unknown> = process.env): DynamicModule {
    const config = validateEnv(WebhookWorkerEnv, env);
    return {
      module: WebhookWorkerModule,
      imports: [
        AppConfigModule.forApp(WebhookWorkerEnv, env),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueuesModule,
        HealthModule.forRoot(),
        // The relay fans events out itself (no domain-events job per event), four partitions at
        // once: a partition's transaction lasts as long as its fan-out.
        OutboxRelayModule.forRoot({
          pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS,
          batchSize: config.OUTBOX_BATCH_SIZE,
          concurrency: 4,
          publisher: { useExisting: FanOutPublisher, imports: [WebhookDispatcherModule] },
        }),
        WebhookDispatcherModule,
        RetentionModule,
      ],
    };
  }
}
