import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { CurrenciesController } from './currencies.controller.js';
import { GetConversionRoutesUseCase } from './use-cases/get-conversion-routes.use-case.js';
import { ListCurrenciesUseCase } from './use-cases/list-currencies.use-case.js';

/**
 * Currencies, conversion routes and exchange rates: GET /v2/currencies and its conversion
 * routes, answered from memory over the kernel's registry and rate feed book (PaymentsModule).
 */
@Module({
  imports: [PaymentsModule],
  controllers: [CurrenciesController],
  providers: [ListCurrenciesUseCase, GetConversionRoutesUseCase],
})
export class CurrenciesModule {}
