import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { PLANNING_PROVIDERS } from '../payments/planning/planning.providers.js';
import { ExceptionRefundsController } from './exception-refunds.controller.js';
import { RefundsController } from './refunds.controller.js';
import { CreateRefund } from './use-cases/create-refund.use-case.js';
import { GetRefund } from './use-cases/get-refund.use-case.js';
import { ListRefunds } from './use-cases/list-refunds.use-case.js';
import { RefundException } from './use-cases/refund-exception.use-case.js';
import { CancelRefund } from './use-cases/cancel-refund.use-case.js';
import { ReportRefundTransaction } from './use-cases/report-refund-transaction.use-case.js';
import { SignRefund } from './use-cases/sign-refund.use-case.js';

/**
 * Refunds (issue #35): POST, GET /v2/request/{requestId}/refunds, GET .../{refundId}, POST
 * .../{refundId}/signature (a deposit_forwarder refund's payee signature) and .../{refundId}/cancel,
 * and POST /v2/exceptions/{id}/refund (CreateRefund with the exception's request and id).
 */
@Module({
  imports: [PaymentsModule],
  controllers: [RefundsController, ExceptionRefundsController],
  providers: [
    ...PLANNING_PROVIDERS,
    CreateRefund,
    ListRefunds,
    GetRefund,
    RefundException,
    SignRefund,
    CancelRefund,
    ReportRefundTransaction,
  ],
  exports: [CreateRefund],
})
export class RefundsModule {}
