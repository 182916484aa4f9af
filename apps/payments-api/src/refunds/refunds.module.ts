import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { NativeRecipientGuard } from '../payments/chain/native-recipients.js';
import { PayerStateReader } from '../payments/chain/payer-state.reader.js';
import { TronPayerStateReader } from '../payments/chain/tron-payer-state.reader.js';
import { IdempotencyService } from '../payments/idempotency/idempotency.service.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { LOCAL_CHAIN_DEPLOYMENT, PAYOUT_NETWORKS } from '../payments/payments.tokens.js';
import { PaymentPlanner } from '../payments/planning/payment-planner.js';
import { PayoutBuilder } from '../payments/transactions/payout-builder.js';
import { ExceptionRefundsController } from './exception-refunds.controller.js';
import { RefundsController } from './refunds.controller.js';
import { CreateRefund } from './use-cases/create-refund.use-case.js';
import { GetRefund } from './use-cases/get-refund.use-case.js';
import { ListRefunds } from './use-cases/list-refunds.use-case.js';
import { RefundException } from './use-cases/refund-exception.use-case.js';

/**
 * Refunds (issue #35): POST, GET /v2/request/{requestId}/refunds and GET .../{refundId}, and POST
 * /v2/exceptions/{id}/refund (CreateRefund with the exception's request and id).
 */
@Module({
  imports: [PaymentsModule],
  controllers: [RefundsController, ExceptionRefundsController],
  providers: [
    {
      provide: PAYOUT_NETWORKS,
      inject: [LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (local: LocalChainDeployment | null) => (local ? withLocalDeployment(NETWORKS, local) : NETWORKS),
    },
    PaymentPlanner,
    PayerStateReader,
    TronPayerStateReader,
    NativeRecipientGuard,
    PayoutBuilder,
    IdempotencyService,
    CreateRefund,
    ListRefunds,
    GetRefund,
    RefundException,
  ],
  exports: [CreateRefund],
})
export class RefundsModule {}
