import { Module } from '@nestjs/common';
import { configuredRpcUrls } from '@payrail/chains';
import { AppConfigModule, DatabaseModule, HealthModule, LoggingModule, QueuesModule, RedisModule } from '@payrail/platform';
import { ChainWorkerEnv } from './config/chain-worker.env.js';

@Module({
  imports: [
    AppConfigModule.forApp(ChainWorkerEnv),
    LoggingModule,
    DatabaseModule,
    RedisModule,
    QueuesModule,
    HealthModule.forRoot({ rpcUrls: configuredRpcUrls }),
  ],
})
export class ChainWorkerModule {}
