import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { PaymentsModule } from '../payments/payments.module.js';
import { IdempotencyService } from '../payments/idempotency/idempotency.service.js';
import { LOCAL_CHAIN_DEPLOYMENT, PAYOUT_NETWORKS } from '../payments/payments.tokens.js';
import { PaymentPlanner } from '../payments/planning/payment-planner.js';
import { RequestController } from './request.controller.js';
import { CreateRequest } from './use-cases/create-request.use-case.js';
import { GetRequest } from './use-cases/get-request.use-case.js';
import { UpdateRequest } from './use-cases/update-request.use-case.js';

/**
 * Request Network's request API: POST /v2/request (invoices), GET and PATCH /v2/request/{requestId},
 * POST /v2/request/payment-intents/{id} (not offered). Builds on the payments kernel: registry, rates,
 * customerInfo cipher, the planner over the networks (with the local chain's deployment), idempotency.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [RequestController],
  providers: [
    {
      provide: PAYOUT_NETWORKS,
      inject: [LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (local: LocalChainDeployment | null) => (local ? withLocalDeployment(NETWORKS, local) : NETWORKS),
    },
    PaymentPlanner,
    IdempotencyService,
    CreateRequest,
    GetRequest,
    UpdateRequest,
  ],
})
export class RequestModule {}
