import { Module } from '@nestjs/common';
import { configuredRpcUrls } from '@payrail/chains';
import { AppConfigModule, DatabaseModule, HealthModule, LoggingModule, QueuesModule, RedisModule } from '@payrail/platform';
import { PaymentsApiEnv } from './config/payments-api.env.js';

@Module({
  imports: [
    AppConfigModule.forApp(PaymentsApiEnv),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueuesModule,
    HealthModule.forRoot({ rpcUrls: configuredRpcUrls }),
  ],
})
export class PaymentsApiModule {}
