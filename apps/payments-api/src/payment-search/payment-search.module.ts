import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { PaymentSearchController } from './payment-search.controller.js';
import { SearchPayments } from './use-cases/search-payments.use-case.js';

/** GET /v2/payments: the payments search; the kernel (PaymentsModule) gives the currency registry and the customerInfo cipher. */
@Module({
  imports: [PaymentsModule],
  controllers: [PaymentSearchController],
  providers: [SearchPayments],
})
export class PaymentSearchModule {}
