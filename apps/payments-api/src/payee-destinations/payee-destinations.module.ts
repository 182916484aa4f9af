import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { PayeeDestinationsController } from './payee-destinations.controller.js';
import { CreatePayeeDestination } from './use-cases/create-payee-destination.use-case.js';
import { DeactivatePayeeDestination } from './use-cases/deactivate-payee-destination.use-case.js';
import { GetPayeeDestination } from './use-cases/get-payee-destination.use-case.js';
import { ListPayeeDestinations } from './use-cases/list-payee-destinations.use-case.js';

/** /v2/payee-destination: where a platform is paid, named by Request Network's destination ids. */
@Module({
  imports: [PaymentsModule],
  controllers: [PayeeDestinationsController],
  providers: [CreatePayeeDestination, ListPayeeDestinations, GetPayeeDestination, DeactivatePayeeDestination],
})
export class PayeeDestinationsModule {}
