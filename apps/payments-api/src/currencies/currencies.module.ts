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
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { ChainProviders } from './chain-providers.js';
import { RpcBatch } from './rpc-batch.js';
import { TronAccounts } from './tron-accounts.js';
import { CurrenciesController } from './currencies.controller.js';
import { LOCAL_CHAIN_DEPLOYMENT, RATE_CACHE_TTL_MS, RATE_FEED_BOOK, RATE_MAX_AGE_SECONDS, RATE_SOURCE } from './currencies.tokens.js';
import { loadLocalDeployment } from './local-deployment.loader.js';
import { GetConversionRoutesUseCase } from './use-cases/get-conversion-routes.use-case.js';
import { ListCurrenciesUseCase } from './use-cases/list-currencies.use-case.js';

/**
 * Currencies, conversion routes and exchange rates. The registry and the rate feed book are
 * built once at boot from the static list and, locally, the local chain's deployment; the
 * endpoints answer from memory. The rate source (on-chain feeds, cached, refusing stale
 * answers) is exported for the payment features.
 */
@Module({
  controllers: [CurrenciesController],
  providers: [
    { provide: LOCAL_CHAIN_DEPLOYMENT, inject: [PaymentsApiEnv], useFactory: loadLocalDeployment },
    {
      provide: CurrencyRegistry,
      inject: [LOCAL_CHAIN_DEPLOYMENT],
      useFactory: (local: LocalChainDeployment | null) => CurrencyRegistry.create({ local }),
    },
    { provide: RATE_FEED_BOOK, inject: [LOCAL_CHAIN_DEPLOYMENT], useFactory: (local: LocalChainDeployment | null) => rateFeedBook(local) },
    ChainProviders,
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
    ListCurrenciesUseCase,
    GetConversionRoutesUseCase,
  ],
  exports: [CurrencyRegistry, LOCAL_CHAIN_DEPLOYMENT, RATE_FEED_BOOK, RATE_SOURCE, ChainProviders, RpcBatch, TronAccounts],
})
export class CurrenciesModule {}
