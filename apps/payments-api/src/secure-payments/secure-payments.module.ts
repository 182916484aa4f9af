import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { WalletProofLedger } from '@payrail/platform';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { LOCAL_CHAIN_DEPLOYMENT, PAYOUT_NETWORKS } from '../payments/payments.tokens.js';
import { PaymentPlanner } from '../payments/planning/payment-planner.js';
import { FeeResolver } from '../payments/planning/fee-resolver.js';
import { BatchFeeCache } from '../payments/chain/batch-fee.cache.js';
import { NativeRecipientGuard } from '../payments/chain/native-recipients.js';
import { PayerStateReader } from '../payments/chain/payer-state.reader.js';
import { TronPayerStateReader } from '../payments/chain/tron-payer-state.reader.js';
import { BatchBuilder } from '../payments/transactions/batch-builder.js';
import { PayoutBuilder } from '../payments/transactions/payout-builder.js';
import { PageAccess } from './access/page-access.js';
import { SecurePaymentPayController } from './secure-payment-pay.controller.js';
import { PaySecurePayment } from './use-cases/pay-secure-payment.use-case.js';
import { RecordPaymentIntent } from './use-cases/record-payment-intent.use-case.js';
import { MulticallState } from './views/multicall-state.js';
import { PaymentOptionsReader } from './options/payment-options.reader.js';
import { UsdRates } from './views/usd-rates.js';
import { MulticallPayoutsController } from './multicall-payouts.controller.js';
import { PaymentLinksController } from './payment-links.controller.js';
import { ListPaymentLinks } from './use-cases/list-payment-links.use-case.js';
import { SecurePaymentsController } from './secure-payments.controller.js';
import { CreatePayoutLink } from './use-cases/create-payout-link.use-case.js';
import { CreateMulticall } from './use-cases/create-multicall.use-case.js';
import { GetMulticall } from './use-cases/get-multicall.use-case.js';
import { CreateSecurePayment } from './use-cases/create-secure-payment.use-case.js';
import { GetSecurePayment } from './use-cases/get-secure-payment.use-case.js';
import { SingleRecordReader } from './views/single-record.reader.js';
import { InvalidateSecurePayment } from './use-cases/invalidate-secure-payment.use-case.js';
import { KYT_PROVIDER, kytProviderFor } from './kyt/kyt-provider.js';
import { ScreenPayer } from './kyt/screen-payer.js';
import { RecordUserEvent } from './use-cases/record-user-event.use-case.js';
import { FeePreviewController } from './fee-preview.controller.js';
import { PreviewFees } from './use-cases/preview-fees.use-case.js';
import { BatchPayoutsController } from './batch-payouts.controller.js';
import { SecurePaymentRelayController } from './secure-payment-relay.controller.js';
import { CreateBatchPayout } from './use-cases/create-batch-payout.use-case.js';
import { BroadcastTron } from './use-cases/broadcast-tron.use-case.js';
import { RefreshStepTransaction } from './use-cases/refresh-step.use-case.js';
import { TRON_BROADCASTER, tronBroadcasterFor } from './tron-broadcaster.js';

/**
 * Secure payments: hosted payment links over requests created like payouts (the payments
 * kernel's planner and request records), the page's passive data by token, and the status lifecycle.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [
    MulticallPayoutsController,
    PaymentLinksController,
    FeePreviewController,
    BatchPayoutsController,
    SecurePaymentsController,
    SecurePaymentPayController,
    SecurePaymentRelayController,
  ],
  providers: [
    {
      provide: PAYOUT_NETWORKS,
      inject: [LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (local: LocalChainDeployment | null) => (local ? withLocalDeployment(NETWORKS, local) : NETWORKS),
    },
    // The deterministic sandbox outside production; production has no provider yet (screenings stay unavailable).
    {
      provide: KYT_PROVIDER,
      inject: [PaymentsApiEnv],
      useFactory: (env: PaymentsApiEnv) => kytProviderFor(env.PAYRAIL_ENV),
    },
    ScreenPayer,
    PaymentOptionsReader,
    UsdRates,
    PaymentPlanner,
    FeeResolver,
    PreviewFees,
    CreateSecurePayment,
    GetSecurePayment,
    SingleRecordReader,
    InvalidateSecurePayment,
    RecordUserEvent,
    CreateMulticall,
    CreatePayoutLink,
    GetMulticall,
    // The hosted page's paying routes: the payouts' transaction builders over the link's requests.
    PageAccess,
    WalletProofLedger,
    MulticallState,
    PayerStateReader,
    TronPayerStateReader,
    NativeRecipientGuard,
    BatchFeeCache,
    PayoutBuilder,
    BatchBuilder,
    PaySecurePayment,
    RecordPaymentIntent,
    ListPaymentLinks,
    // Batch links and the page's relay routes (tron/broadcast through the Tron node port, refresh-step-transaction).
    CreateBatchPayout,
    { provide: TRON_BROADCASTER, inject: [PaymentsApiEnv], useFactory: tronBroadcasterFor },
    BroadcastTron,
    RefreshStepTransaction,
  ],
})
export class SecurePaymentsModule {}
