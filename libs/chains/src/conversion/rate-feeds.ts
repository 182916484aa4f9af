import { type LocalChainDeployment, localCurrencyId, localNetworkOf } from '../local-deployment.js';
import { NETWORKS, type NetworkName } from '../network-registry.js';

/**
 * Which assets have a USD rate on which network, and where to read it.
 * Asset keys are fiat codes ("EUR") or currency ids ("USDC-base"); every rate is "1 asset in USD".
 * The value is the AggregatorV3 feed address, or null where the rate exists but is read on chain
 * by Request Network's ChainlinkConversionPath (whose aggregator addresses are not kept here).
 */
export type RateFeedBook = Readonly<Record<string, Readonly<Record<string, string | null>>>>;

const published = (...assets: string[]): Record<string, null> => Object.fromEntries(assets.map((a) => [a, null]));

/**
 * USD rates Request Network's conversion contracts hold per network, limited to the five invoice
 * currencies and the conversion payment tokens. Source: @requestnetwork/currency 0.33.0
 * `dist/aggregators/<network>.json` (the ChainlinkConversionPath graph, keyed by currency hash or
 * token address): the nodes with a direct edge to USD (0x775eb53d…9b386b). Base has only USDC;
 * optimism and bsc lack CNY (and optimism GBP); the public sepolia has EUR, GBP, FAU and fUSDT.
 */
export const PUBLISHED_USD_RATES: Readonly<Record<NetworkName, Readonly<Record<string, null>>>> = Object.freeze({
  mainnet: published('EUR', 'GBP', 'JPY', 'CNY', 'USDC-mainnet', 'USDT-mainnet', 'DAI-mainnet'),
  base: published('USDC-base'),
  optimism: published('EUR', 'JPY', 'USDCn-optimism', 'USDC-optimism', 'USDT-optimism', 'DAI-optimism'),
  'arbitrum-one': published('EUR', 'GBP', 'JPY', 'CNY', 'USDC-arbitrum-one', 'USDT-arbitrum-one', 'DAI-arbitrum-one'),
  matic: published('EUR', 'GBP', 'JPY', 'CNY', 'USDCn-matic', 'USDC-matic', 'USDT-matic', 'DAI-matic'),
  bsc: published('EUR', 'GBP', 'JPY', 'USDC-bsc', 'USDT-bsc', 'DAI-bsc'),
  sepolia: published('EUR', 'GBP', 'FAU-sepolia', 'fUSDT-sepolia'),
  tron: published(),
});

/**
 * The local chain's feeds ("EUR/USD", "USDC/USD", "ETH/USD", ...) as asset keys: a deployed token's
 * symbol becomes its currency id (USDC -> fUSDC-sepolia), ETH the native currency, any other
 * three-letter code a fiat currency. Pairs not quoted in USD are left out.
 */
export function localRateFeeds(deployment: LocalChainDeployment): { network: NetworkName; feeds: Record<string, string> } {
  const network = localNetworkOf(NETWORKS, deployment);
  const feeds: Record<string, string> = {};
  for (const [pair, address] of Object.entries(deployment.feeds)) {
    const [base, quote] = pair.split('/');
    if (quote !== 'USD' || !base) continue;
    if (Object.hasOwn(deployment.tokens, base)) feeds[localCurrencyId(base, network.name)] = address;
    else if (base === 'ETH') feeds[network.nativeCurrency.id] = address;
    else if (/^[A-Z]{3}$/.test(base)) feeds[base] = address;
  }
  return { network: network.name, feeds };
}

/** The published rates, with the local chain's feeds replacing its testnet's in the `local` environment. */
export function rateFeedBook(local?: LocalChainDeployment | null): RateFeedBook {
  if (!local) return PUBLISHED_USD_RATES;
  const { network, feeds } = localRateFeeds(local);
  return Object.freeze({ ...PUBLISHED_USD_RATES, [network]: Object.freeze(feeds) });
}
