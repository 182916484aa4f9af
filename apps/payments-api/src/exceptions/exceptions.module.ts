import { Module } from '@nestjs/common';
import { IdempotencyService } from '../payments/idempotency/idempotency.service.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { ExceptionSettingsController, ExceptionsController } from './exceptions.controller.js';
import { AcceptException } from './use-cases/accept-exception.use-case.js';
import { ExceptionSettingsUseCase } from './use-cases/exception-settings.use-case.js';
import { ListExceptions } from './use-cases/list-exceptions.use-case.js';
import { RequestRemainder } from './use-cases/request-remainder.use-case.js';

/** Payment exceptions (issue #35): list and read them, accept one, request an underpayment's remainder; the platform's settings. */
@Module({
  imports: [PaymentsModule],
  controllers: [ExceptionsController, ExceptionSettingsController],
  providers: [IdempotencyService, ListExceptions, AcceptException, RequestRemainder, ExceptionSettingsUseCase],
})
export class ExceptionsModule {}
