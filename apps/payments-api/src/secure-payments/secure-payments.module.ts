import { Module } from '@nestjs/common';
import { type LocalChainDeployment, NETWORKS, withLocalDeployment } from '@payrail/chains';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { CurrenciesModule } from '../currencies/currencies.module.js';
import { LOCAL_CHAIN_DEPLOYMENT } from '../currencies/currencies.tokens.js';
import { PAYOUT_NETWORKS } from '../payouts/payouts.tokens.js';
import { PaymentPlanner } from '../payouts/planning/payment-planner.js';
import { PaymentOptionsReader } from './options/payment-options.reader.js';
import { UsdRates } from './views/usd-rates.js';
import { RequestModule } from '../request/request.module.js';
import { CompleteLinkIntent } from './onboarding/complete-link-intent.use-case.js';
import { CreateLinkIntent } from './onboarding/create-link-intent.use-case.js';
import { LinkIntentsController } from './onboarding/link-intents.controller.js';
import { MulticallPayoutsController } from './multicall-payouts.controller.js';
import { PaymentLinksController } from './payment-links.controller.js';
import { ListPaymentLinks } from './use-cases/list-payment-links.use-case.js';
import { SecurePaymentsController } from './secure-payments.controller.js';
import { CreatePayoutLink } from './use-cases/create-payout-link.use-case.js';
import { CreateMulticall } from './use-cases/create-multicall.use-case.js';
import { GetMulticall } from './use-cases/get-multicall.use-case.js';
import { SECURE_PAYMENT_PAGE_URL } from './secure-payments.tokens.js';
import { CreateSecurePayment } from './use-cases/create-secure-payment.use-case.js';
import { GetSecurePayment } from './use-cases/get-secure-payment.use-case.js';
import { InvalidateSecurePayment } from './use-cases/invalidate-secure-payment.use-case.js';
import { KYT_PROVIDER, kytProviderFor } from './kyt/kyt-provider.js';
import { ScreenPayer } from './kyt/screen-payer.js';
import { RecordUserEvent } from './use-cases/record-user-event.use-case.js';

/**
 * Secure payments: hosted payment links over requests created like payouts (the payouts'
 * planner and request records), the page's passive data by token, and the status lifecycle.
 */
@Module({
  imports: [CurrenciesModule, RequestModule],
  controllers: [MulticallPayoutsController, PaymentLinksController, SecurePaymentsController, LinkIntentsController],
  providers: [
    {
      provide: PAYOUT_NETWORKS,
      inject: [LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (local: LocalChainDeployment | null) => (local ? withLocalDeployment(NETWORKS, local) : NETWORKS),
    },
    { provide: SECURE_PAYMENT_PAGE_URL, inject: [PaymentsApiEnv], useFactory: (env: PaymentsApiEnv) => env.SECURE_PAYMENT_PAGE_URL },
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
    CreateSecurePayment,
    GetSecurePayment,
    InvalidateSecurePayment,
    RecordUserEvent,
    CreateMulticall,
    CreatePayoutLink,
    CreateLinkIntent,
    CompleteLinkIntent,
    GetMulticall,
    ListPaymentLinks,
  ],
})
export class SecurePaymentsModule {}
