import { Module } from '@nestjs/common';
import { configuredRpcUrls } from '@payrail/chains';
import {
  AppConfigModule,
  CredentialsModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  QueuesModule,
  RedisModule,
} from '@payrail/platform';
import { TenancyModule } from './tenancy/tenancy.module.js';
import { PaymentsApiEnv } from './config/payments-api.env.js';

@Module({
  imports: [
    AppConfigModule.forApp(PaymentsApiEnv),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueuesModule,
    CredentialsModule,
    TenancyModule,
    HealthModule.forRoot({ rpcUrls: configuredRpcUrls }),
  ],
})
export class PaymentsApiModule {}
