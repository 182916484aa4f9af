import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, payrailRecurringProxies, withLocalDeployment, withRecurringProxies } from '@payrail/chains';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { CurrenciesModule } from '../currencies/currencies.module.js';
import { LOCAL_CHAIN_DEPLOYMENT } from '../currencies/currencies.tokens.js';
import { RequestModule } from '../request/request.module.js';
import { BatchFeeCache } from './chain/batch-fee.cache.js';
import { NativeRecipientGuard } from './chain/native-recipients.js';
import { PayerStateReader } from './chain/payer-state.reader.js';
import { TronPayerStateReader } from './chain/tron-payer-state.reader.js';
import { IdempotencyService } from './idempotency/idempotency.service.js';
import { PayoutsController } from './payouts.controller.js';
import { RecurringListController } from './recurring-list.controller.js';
import { RecurringPaymentsController } from './recurring-payments.controller.js';
import { ListRecurringPayments } from './use-cases/list-recurring-payments.use-case.js';
import { PAYOUT_NETWORKS, PAYRAIL_RECURRING_PROXIES_TOKEN } from './payouts.tokens.js';
import { PaymentPlanner } from './planning/payment-planner.js';
import { RecurringCancelEffects } from './recurring/cancel-effects.js';
import { InitiateBatchPayout } from './use-cases/initiate-batch-payout.use-case.js';
import { InitiatePayout } from './use-cases/initiate-payout.use-case.js';
import { ActivateRecurringPayment } from './use-cases/activate-recurring-payment.use-case.js';
import { GetRecurringPayment } from './use-cases/get-recurring-payment.use-case.js';
import { InitiateRecurringPayout } from './use-cases/initiate-recurring-payout.use-case.js';
import { UpdateRecurringPayment } from './use-cases/update-recurring-payment.use-case.js';

/**
 * Payouts: POST /v2/payouts (one-time and recurring) and /v2/payouts/batch, the recurring
 * schedule routes /v2/payouts/recurring/{id}, and (through RequestModule) GET
 * /v2/request/{requestId}. Builds on the currencies feature's registry, rates, local deployment
 * and RPC providers.
 */
@Module({
  imports: [CurrenciesModule, RequestModule],
  controllers: [PayoutsController, RecurringListController, RecurringPaymentsController],
  providers: [
    {
      provide: PAYOUT_NETWORKS,
      inject: [LOCAL_CHAIN_DEPLOYMENT, PaymentsApiEnv],
      useFactory: (local: LocalChainDeployment | null, env: PaymentsApiEnv) =>
        withRecurringProxies(local ? withLocalDeployment(NETWORKS, local) : NETWORKS, env),
    },
    {
      provide: PAYRAIL_RECURRING_PROXIES_TOKEN,
      inject: [PaymentsApiEnv, LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (env: PaymentsApiEnv, local: LocalChainDeployment | null) => payrailRecurringProxies(env, local),
    },
    PaymentPlanner,
    PayerStateReader,
    TronPayerStateReader,
    BatchFeeCache,
    NativeRecipientGuard,
    IdempotencyService,
    InitiatePayout,
    InitiateBatchPayout,
    InitiateRecurringPayout,
    ActivateRecurringPayment,
    GetRecurringPayment,
    UpdateRecurringPayment,
    RecurringCancelEffects,
    ListRecurringPayments,
  ],
})
export class PayoutsModule {}
