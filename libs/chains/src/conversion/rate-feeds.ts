import { STATIC_CURRENCIES } from '../currencies/static-list.js';
import { type LocalChainDeployment, localCurrencyId, localNetworkOf } from '../local-deployment.js';
import { NETWORKS, type NetworkName } from '../network-registry.js';
import { FIAT_PATH_DECIMALS, PUBLISHED_USD_RATES, type RateFeed } from './published-rates.js';

export * from './published-rates.js';

/**
 * Which assets have a USD rate on which network, and where to read it.
 * Asset keys are fiat codes ("EUR") or currency ids ("USDC-base"); every rate is "1 asset in USD".
 * Production networks read through Request Network's ChainlinkConversionPath (PUBLISHED_USD_RATES);
 * the local chain reads its mock AggregatorV3 feeds, or its own ChainlinkConversionPath when the
 * deployment names one.
 */
export type RateFeedBook = Readonly<Record<string, Readonly<Record<string, RateFeed>>>>;

/** A local feed's base ("USDC", "ETH", "EUR") as an asset: its currency id, path key and path decimals. */
interface LocalAsset {
  asset: string;
  key: string;
  decimals: number;
}

function hashOf(currencyId: string): string | undefined {
  return STATIC_CURRENCIES.find((c) => c.id === currencyId)?.hash.toLowerCase();
}

function localAsset(deployment: LocalChainDeployment, network: NetworkName, base: string): LocalAsset | null {
  const token = deployment.tokens[base];
  if (token !== undefined)
    return { asset: localCurrencyId(base, network), key: token.toLowerCase(), decimals: deployment.tokenDecimals[base] };
  const native = NETWORKS[network].nativeCurrency;
  const asset = base === 'ETH' ? native.id : /^[A-Z]{3}$/.test(base) ? base : null;
  const key = asset === null ? undefined : hashOf(asset);
  if (asset === null || key === undefined) return null;
  return { asset, key, decimals: base === 'ETH' ? native.decimals : FIAT_PATH_DECIMALS };
}

/**
 * The local chain's feeds ("EUR/USD", "USDC/USD", "ETH/USD", ...) as asset keys: a deployed token's
 * symbol becomes its currency id (USDC -> fUSDC-sepolia), ETH the native currency, any other
 * three-letter code a fiat currency. Pairs not quoted in USD are left out. With a
 * ChainlinkConversionPath in the deployment (its aggregators registered for these pairs), rates
 * are read through it, as on the production networks; otherwise from the feeds directly.
 */
export function localRateFeeds(deployment: LocalChainDeployment): { network: NetworkName; feeds: Record<string, RateFeed> } {
  const network = localNetworkOf(NETWORKS, deployment).name;
  const conversionPath = deployment.contracts.ChainlinkConversionPath;
  const feeds: Record<string, RateFeed> = {};
  for (const [pair, address] of Object.entries(deployment.feeds)) {
    const [base, quote] = pair.split('/');
    const local = quote === 'USD' && base ? localAsset(deployment, network, base) : null;
    if (!local) continue;
    feeds[local.asset] = conversionPath
      ? { kind: 'conversion-path', conversionPath, key: local.key, decimals: local.decimals }
      : { kind: 'aggregator', address };
  }
  return { network, feeds };
}

/** The published rates, with the local chain's feeds replacing its testnet's in the `local` environment. */
export function rateFeedBook(local?: LocalChainDeployment | null): RateFeedBook {
  if (!local) return PUBLISHED_USD_RATES;
  const { network, feeds } = localRateFeeds(local);
  return Object.freeze({ ...PUBLISHED_USD_RATES, [network]: Object.freeze(feeds) });
}
