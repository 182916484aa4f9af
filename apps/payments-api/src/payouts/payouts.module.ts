import { WalletProofLedger } from '@payrail/platform';
import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, payrailRecurringProxies, withLocalDeployment, withRecurringProxies } from '@payrail/chains';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { BatchFeeCache } from '../payments/chain/batch-fee.cache.js';
import { NativeRecipientGuard } from '../payments/chain/native-recipients.js';
import { PayerStateReader } from '../payments/chain/payer-state.reader.js';
import { TronPayerStateReader } from '../payments/chain/tron-payer-state.reader.js';
import { IdempotencyService } from '../payments/idempotency/idempotency.service.js';
import { PayoutsController } from './payouts.controller.js';
import { RecurringListController } from './recurring-list.controller.js';
import { RecurringDunningController } from './recurring-dunning.controller.js';
import { RecurringPaymentsController } from './recurring-payments.controller.js';
import { GetDunningPolicy, PutDunningPolicy } from './use-cases/dunning-policy.use-case.js';
import { LOCAL_CHAIN_DEPLOYMENT, PAYOUT_NETWORKS } from '../payments/payments.tokens.js';
import { PAYRAIL_RECURRING_PROXIES_TOKEN } from './payouts.tokens.js';
import { PaymentPlanner } from '../payments/planning/payment-planner.js';
import { ListRecurringPayments } from './use-cases/list-recurring-payments.use-case.js';
import { RecurringCancelEffects } from './recurring/cancel-effects.js';
import { BatchBuilder } from '../payments/transactions/batch-builder.js';
import { PayoutBuilder } from '../payments/transactions/payout-builder.js';
import { InitiateBatchPayout } from './use-cases/initiate-batch-payout.use-case.js';
import { InitiatePayout } from './use-cases/initiate-payout.use-case.js';
import { ActivateRecurringPayment } from './use-cases/activate-recurring-payment.use-case.js';
import { GetRecurringPayment } from './use-cases/get-recurring-payment.use-case.js';
import { InitiateRecurringPayout } from './use-cases/initiate-recurring-payout.use-case.js';
import { UpdateRecurringPayment } from './use-cases/update-recurring-payment.use-case.js';

/**
 * Payouts: POST /v2/payouts (one-time and recurring) and /v2/payouts/batch, and the recurring
 * schedule routes /v2/payouts/recurring/{id}. Builds on the payments kernel (PaymentsModule):
 * registry, rates, local deployment, RPC providers, customerInfo cipher, planner.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [PayoutsController, RecurringListController, RecurringPaymentsController, RecurringDunningController],
  providers: [
    GetDunningPolicy,
    PutDunningPolicy,
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
    PayoutBuilder,
    BatchBuilder,
    IdempotencyService,
    InitiatePayout,
    InitiateBatchPayout,
    InitiateRecurringPayout,
    ActivateRecurringPayment,
    GetRecurringPayment,
    UpdateRecurringPayment,
    RecurringCancelEffects,
    ListRecurringPayments,
    WalletProofLedger,
  ],
})
export class PayoutsModule {}
