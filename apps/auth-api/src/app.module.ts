import { Module } from '@nestjs/common';
import {
  AppConfigModule,
  CredentialsModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  QueuesModule,
  RedisModule,
} from '@payrail/platform';
import { AuthApiEnv } from './config/auth-api.env.js';

@Module({
  imports: [
    AppConfigModule.forApp(AuthApiEnv),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueuesModule,
    CredentialsModule,
    HealthModule.forRoot(),
  ],
})
export class AuthApiModule {}
