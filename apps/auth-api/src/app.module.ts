import { type DynamicModule, Module } from '@nestjs/common';
import {
  AppConfigModule,
  CredentialsModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  QueuesModule,
  RedisModule,
} from '@payrail/platform';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { AuthModule } from './auth/auth.module.js';
import { ClientIdsModule } from './client-ids/client-ids.module.js';
import { AuthApiEnv } from './config/auth-api.env.js';
import { PlatformWebhooksModule } from './webhooks/webhooks.module.js';

/** auth-api; `env` defaults to the process environment (tests pass their own). */
@Module({})
export class AuthApiModule {
  static forRoot(env: Record<string, unknown> = process.env): DynamicModule {
    return {
      module: AuthApiModule,
      imports: [
        AppConfigModule.forApp(AuthApiEnv, env),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueuesModule,
        CredentialsModule,
        HealthModule.forRoot(),
        AuthModule,
        ClientIdsModule,
        ApiKeysModule,
        PlatformWebhooksModule,
      ],
    };
  }
}
