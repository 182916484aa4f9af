import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { NativeRecipientGuard } from '../payments/chain/native-recipients.js';
import { PayerStateReader } from '../payments/chain/payer-state.reader.js';
import { TronPayerStateReader } from '../payments/chain/tron-payer-state.reader.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { LOCAL_CHAIN_DEPLOYMENT, PAYOUT_NETWORKS } from '../payments/payments.tokens.js';
import { PaymentPlanner } from '../payments/planning/payment-planner.js';
import { PayoutBuilder } from '../payments/transactions/payout-builder.js';
import { RequestPayController } from './request-pay.controller.js';
import { PayRequest } from './use-cases/pay-request.use-case.js';
import { RequestRoutes } from './use-cases/request-routes.use-case.js';

/**
 * GET /v2/request/{requestId}/pay and /routes: the payouts' planner and transaction builder over
 * the request's record (the kernel's classes, provided here over this feature's PAYOUT_NETWORKS).
 */
@Module({
  imports: [PaymentsModule],
  controllers: [RequestPayController],
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
    PayRequest,
    RequestRoutes,
  ],
})
export class RequestPayModule {}
