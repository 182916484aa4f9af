import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { PLANNING_PROVIDERS } from '../payments/planning/planning.providers.js';
import { RequestPayController } from './request-pay.controller.js';
import { RequestController } from './request.controller.js';
import { CreateRequest } from './use-cases/create-request.use-case.js';
import { GetRequest } from './use-cases/get-request.use-case.js';
import { PayRequest } from './use-cases/pay-request.use-case.js';
import { RequestRoutes } from './use-cases/request-routes.use-case.js';
import { UpdateRequest } from './use-cases/update-request.use-case.js';

/**
 * Request Network's request API: POST /v2/request (invoices), GET and PATCH /v2/request/{requestId},
 * GET /v2/request/{requestId}/pay and /routes, POST /v2/request/payment-intents/{id} (not offered).
 * Builds on the payments kernel: registry, rates, customerInfo cipher, the planner over the networks
 * (with the local chain's deployment), the payouts' transaction builder, idempotency.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [RequestController, RequestPayController],
  providers: [...PLANNING_PROVIDERS, CreateRequest, GetRequest, UpdateRequest, PayRequest, RequestRoutes],
})
export class RequestModule {}
