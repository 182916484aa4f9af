import { type DynamicModule, Module } from '@nestjs/common';
import { configuredRpcUrls, observeRpcCalls } from '@payrail/chains';
import {
  AppConfigModule,
  CredentialsModule,
  DatabaseModule,
  HealthModule,
  LoggingModule,
  QueuesModule,
  recordRpcCall,
  RedisModule,
  validateEnv,
} from '@payrail/platform';
import { ClientIdsModule } from './client-ids/client-ids.module.js';
import { PaymentsApiEnv } from './config/payments-api.env.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { RequestModule } from './request/request.module.js';
import { RefundsModule } from './refunds/refunds.module.js';
import { CurrenciesModule } from './currencies/currencies.module.js';
import { EventsModule } from './events/events.module.js';
import { PayerModule } from './payer/payer.module.js';
import { OrchestratorsModule } from './orchestrators/orchestrators.module.js';
import { TenancyModule } from '@payrail/tenancy';
import { SecurePaymentsModule } from './secure-payments/secure-payments.module.js';
import { RequestsModule } from './requests/requests.module.js';
import { ExportsModule } from './exports/exports.module.js';
import { PaymentSearchModule } from './payment-search/payment-search.module.js';
import { FeeConfigsModule } from './fee-configs/fee-configs.module.js';
import { PayeeDestinationsModule } from './payee-destinations/payee-destinations.module.js';
import { ExceptionsModule } from './exceptions/exceptions.module.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';
import { TestClocksModule } from './test-clocks/test-clocks.module.js';

/** payments-api; `env` defaults to the process environment (tests pass their own). */
@Module({})
export class PaymentsApiModule {
  static forRoot(env: Record<string, unknown> = process.env): DynamicModule {
    const config = validateEnv(PaymentsApiEnv, env);
    observeRpcCalls(recordRpcCall);
    return {
      module: PaymentsApiModule,
      imports: [
        AppConfigModule.forApp(PaymentsApiEnv, env),
        LoggingModule,
        DatabaseModule,
        RedisModule,
        QueuesModule,
        CredentialsModule,
        TenancyModule,
        ClientIdsModule,
        CurrenciesModule,
        PayoutsModule,
        SecurePaymentsModule,
        PayerModule.forRoot(config.complianceProvider() === 'sandbox', config.offrampProvider() === 'sandbox'),
        OrchestratorsModule,
        RequestModule,
        RefundsModule,
        RequestsModule,
        ExportsModule,
        PaymentSearchModule,
        FeeConfigsModule,
        PayeeDestinationsModule,
        ExceptionsModule,
        ReconciliationModule,
        TestClocksModule,
        EventsModule,
        HealthModule.forRoot({ rpcUrls: configuredRpcUrls }),
      ],
    };
  }
}
