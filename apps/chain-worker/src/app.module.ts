import { type DynamicModule, Module } from '@nestjs/common';
import { configuredRpcUrls, observeRpcCalls } from '@payrail/chains';
import { AppConfigModule, DatabaseModule, HealthModule, LoggingModule, QueuesModule, recordRpcCall, RedisModule } from '@payrail/platform';
import { ChainWorkerEnv } from './config/chain-worker.env.js';
import { DetectionHealth } from './detection/detection.health.js';
import { DepositsModule } from './deposits/deposits.module.js';
import { DetectionModule } from './detection/detection.module.js';
import { ExpiryModule } from './expiry/expiry.module.js';
import { IntentsModule } from './detection/intents/intents.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';
import { ScheduledExportsModule } from './exports/exports.module.js';
import { RecurringModule } from './recurring/recurring.module.js';
import { SettlementModule } from './settlement/settlement.module.js';

/** chain-worker: payment detection and settlement, recurring payment execution, secure payment expiry, payment intents, recurring invoice periods, reconciliation runs. */
@Module({})
export class ChainWorkerModule {
  static forRoot(env: Record<string, unknown> = process.env): DynamicModule {
    observeRpcCalls(recordRpcCall);
    return {
      module: ChainWorkerModule,
      imports: [
        AppConfigModule.forApp(ChainWorkerEnv, env),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueuesModule,
        SettlementModule,
        DetectionModule,
        RecurringModule,
        DepositsModule,
        ExpiryModule,
        IntentsModule,
        InvoicesModule,
        ReconciliationModule,
        ScheduledExportsModule,
        HealthModule.forRoot({ rpcUrls: configuredRpcUrls, extraChecks: [DetectionHealth] }),
      ],
    };
  }
}
