import {
  AggregatorRateSource,
  CachingRateSource,
  configuredRpcUrls,
  EVM_NETWORKS,
  fiatValueOf,
  MaxAgeRateSource,
  rpcProvider,
  settlementRates,
  type EvmNetwork,
  type FiatRates,
  type RateFeedBook,
} from '@payrail/chains';
import type { RequestEntity, TransferFiat } from '@payrail/persistence';
import type { AbstractProvider } from 'ethers';
import type { TransferRow } from './settlement-rows.js';

/** The rates a request's payments are valued at when they settle, or null when none can be read now. */
export type FiatRatesOf = (network: string, paymentCurrency: string, invoiceCurrency: string) => Promise<FiatRates | null>;

/** No rates: transfers settle without a fiat value (tests of other concerns, a worker without RPC). */
export const NO_FIAT_RATES: FiatRatesOf = () => Promise.resolve(null);

/** As the payments-api reads rates: a read is kept 30 s, a feed older than 25 h is refused. */
const RATE_CACHE_TTL_MS = 30_000;
const RATE_MAX_AGE_SECONDS = 25 * 60 * 60;

/**
 * The chain-worker's rates: the networks' USD feeds (the RateFeedBook, the local chain's mocks
 * included) read over each configured RPC, cached, stale answers refused. Answers the providers
 * too, to be ended at shutdown.
 */
export function settlementFiatRates(
  env: { PAYRAIL_ENV: string },
  book: RateFeedBook,
): { ratesOf: FiatRatesOf; providers: AbstractProvider[] } {
  const providers = new Map<string, AbstractProvider>();
  for (const [name, urls] of Object.entries(configuredRpcUrls(env)) as [EvmNetwork, string[]][])
    providers.set(name, rpcProvider(urls, EVM_NETWORKS[name].chainId, { cacheTimeoutMs: -1 }));
  const source = new MaxAgeRateSource(
    new CachingRateSource(new AggregatorRateSource(book, (network) => providers.get(network)), RATE_CACHE_TTL_MS),
    RATE_MAX_AGE_SECONDS,
  );
  return {
    ratesOf: (network, payment, invoice) => settlementRates(source, book, network, payment, invoice),
    providers: [...providers.values()],
  };
}

/**
 * The fiat values of a request's counted transfers that settle now (those settled earlier keep
 * what they were recorded at). A transfer that does not count toward its request (another
 * token, another payee) is not valued at the request's rate.
 */
export async function fiatOfSettling(
  ratesOf: FiatRatesOf,
  network: string,
  request: RequestEntity,
  counted: TransferRow[],
): Promise<TransferFiat[]> {
  const settling = counted.filter((t) => t.settled_at === null);
  if (settling.length === 0) return [];
  const rates = await ratesOf(network, request.paymentCurrency, request.invoiceCurrency);
  if (!rates) return [];
  return settling.map((t) => ({
    txHash: t.tx_hash,
    logIndex: t.log_index,
    ...fiatValueOf(BigInt(t.amount), request.currencyDecimals, rates),
  }));
}
