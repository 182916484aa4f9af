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
    CreateRequest,
    GetRequest,
    UpdateRequest,
    PayRequest,
    RequestRoutes,
  ],
})
export class RequestModule {}
