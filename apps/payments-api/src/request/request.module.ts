import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { RequestController } from './request.controller.js';
import { RequestPayModule } from './request-pay.module.js';
import { GetRequest } from './use-cases/get-request.use-case.js';

/** GET /v2/request/{requestId}: reads the customerInfo back with the kernel's cipher (PaymentsModule). */
@Module({
  imports: [PaymentsModule, RequestPayModule],
  controllers: [RequestController],
  providers: [GetRequest],
})
export class RequestModule {}
