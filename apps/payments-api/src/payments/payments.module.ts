import { Module } from '@nestjs/common';
import {
  AggregatorRateSource,
  CachingRateSource,
  CurrencyRegistry,
  type LocalChainDeployment,
  MaxAgeRateSource,
  type RateFeedBook,
  rateFeedBook,
  type RateSource,
} from '@payrail/chains';
import { FieldCipher, parseCipherKeys } from '@payrail/platform';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { ExportDatabase } from './export-database.js';
import { ChainProviders } from './chain/chain-providers.js';
import { DepositInstructions } from './chain/deposit-instructions.js';
import { TestClockAccess } from './test-clocks/test-clock-access.js';
import { loadLocalDeployment } from './chain/local-deployment.loader.js';
import { RpcBatch } from './chain/rpc-batch.js';
import { TronAccounts } from './chain/tron-accounts.js';
import { OfframpOpener } from './offramp/offramp-opener.js';
import { OFFRAMP_PROVIDER, PAYMENT_DETAILS_CIPHER } from './offramp/offramp.tokens.js';
import { SandboxOfframpProvider } from './offramp/sandbox-offramp.provider.js';
import { UnavailableOfframpProvider } from './offramp/unavailable-offramp.provider.js';
import {
  CUSTOMER_INFO_CIPHER,
  LOCAL_CHAIN_DEPLOYMENT,
  RATE_CACHE_TTL_MS,
  RATE_FEED_BOOK,
  RATE_MAX_AGE_SECONDS,
  RATE_SOURCE,
  SECURE_PAYMENT_PAGE_URL,
} from './payments.tokens.js';

/**
 * The payments kernel: what the payment features share, provided once. The currency registry
 * and the rate feed book are built at boot from the static list and, locally, the local chain's
 * deployment; the rate source reads on-chain feeds, cached, refusing stale answers; the RPC
 * providers and batch; the customerInfo cipher; the hosted page's base URL; the off-ramp provider, the payment details cipher and the off-ramp opener. The planner and the
 * request record builder are classes and functions of this folder that each feature provides
 * over its own PAYOUT_NETWORKS. No controller: routes belong to the features.
 */
@Module({
  providers: [
    DepositInstructions,
    { provide: LOCAL_CHAIN_DEPLOYMENT, inject: [PaymentsApiEnv], useFactory: loadLocalDeployment },
    {
      provide: CurrencyRegistry,
      inject: [LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (local: LocalChainDeployment | null) => CurrencyRegistry.create({ local }),
    },
    { provide: RATE_FEED_BOOK, inject: [LOCAL_CHAIN_DEPLOYMENT], useFactory: (local: LocalChainDeployment | null) => rateFeedBook(local) },
    ChainProviders,
    ExportDatabase,
    RpcBatch,
    TronAccounts,
    {
      provide: RATE_SOURCE,
      inject: [RATE_FEED_BOOK, ChainProviders],
      useFactory: (feeds: RateFeedBook, providers: ChainProviders): RateSource =>
        new MaxAgeRateSource(
          new CachingRateSource(new AggregatorRateSource(feeds, (network) => providers.get(network)), RATE_CACHE_TTL_MS),
          RATE_MAX_AGE_SECONDS,
        ),
    },
    {
      provide: CUSTOMER_INFO_CIPHER,
      inject: [PaymentsApiEnv],
      useFactory: (env: PaymentsApiEnv) =>
        new FieldCipher(parseCipherKeys(env.PII_ENCRYPTION_KEYS, 'request-customer-info'), 'request-customer-info'),
    },
    { provide: SECURE_PAYMENT_PAGE_URL, inject: [PaymentsApiEnv], useFactory: (env: PaymentsApiEnv) => env.SECURE_PAYMENT_PAGE_URL },
    {
      provide: OFFRAMP_PROVIDER,
      inject: [PaymentsApiEnv],
      useFactory: (env: PaymentsApiEnv) =>
        env.offrampProvider() === 'sandbox' ? new SandboxOfframpProvider() : new UnavailableOfframpProvider(),
    },
    {
      provide: PAYMENT_DETAILS_CIPHER,
      inject: [PaymentsApiEnv],
      useFactory: (env: PaymentsApiEnv) => new FieldCipher(parseCipherKeys(env.PII_ENCRYPTION_KEYS, 'payment-details'), 'payment-details'),
    },
    OfframpOpener,
    TestClockAccess,
  ],
  exports: [
    DepositInstructions,
    CurrencyRegistry,
    LOCAL_CHAIN_DEPLOYMENT,
    RATE_FEED_BOOK,
    RATE_SOURCE,
    ChainProviders,
    ExportDatabase,
    RpcBatch,
    TronAccounts,
    CUSTOMER_INFO_CIPHER,
    SECURE_PAYMENT_PAGE_URL,
    OFFRAMP_PROVIDER,
    PAYMENT_DETAILS_CIPHER,
    OfframpOpener,
    TestClockAccess,
  ],
})
export class PaymentsModule {}
