import { PRODUCTION_CONTRACTS } from '../contracts.js';
import type { NetworkName } from '../network-registry.js';

/** Request Network's currency hash of USD: the last element of every path to USD. */
export const USD_CURRENCY_HASH = '0x775eb53d00dd0acd3ec1696472105d579b9b386b';

/** The decimals ChainlinkConversionPath gives a currency that is neither a contract nor the native token. */
export const FIAT_PATH_DECIMALS = 8;

/**
 * A USD rate read through Request Network's ChainlinkConversionPath: `getRate([key, USD])`.
 * `key` is the asset as the path names it (the token address, or the currency hash of a fiat or
 * native currency, lower case); `decimals` the asset's decimals in the path (token decimals, 8 for
 * fiat, 18 for the native token), which give the rate its scale.
 */
export interface ConversionPathFeed {
  kind: 'conversion-path';
  conversionPath: string;
  key: string;
  decimals: number;
}

/** A Chainlink AggregatorV3 feed of `asset/USD`, read directly (the local chain's mock feeds). */
export interface AggregatorFeed {
  kind: 'aggregator';
  address: string;
}

export type RateFeed = ConversionPathFeed | AggregatorFeed;

// Currency hashes of the fiat invoice currencies (the token list's `hash`, as in the aggregator graphs).
const EUR = '0x17b4158805772ced11225e77339f90beb5aae968';
const GBP = '0x013f29832cd6525c4c6df81c2aae8032a1ff2db2';
const JPY = '0xf68fb12aa78e5c2b3eebd71441a990cd5757055c';
const CNY = '0x66710cc1372861ec5d5537c075b527b7b3c63c5f';
const FIAT: Readonly<Record<string, string>> = { EUR, GBP, JPY, CNY };

type Pin = readonly [asset: string, key: string, decimals: number];
const fiat = (...codes: string[]): Pin[] => codes.map((code) => [code, FIAT[code], FIAT_PATH_DECIMALS]);

/**
 * The USD rates Request Network's ChainlinkConversionPath holds on each production network,
 * limited to the five invoice currencies and the conversion payment tokens. Source:
 * @requestnetwork/currency `dist/aggregators/<network>.json` (version and file hashes in
 * fixtures/rn-aggregators/source.json): the nodes with an edge to or from USD. The spec test
 * checks every pin against that graph and the token list, and that none is missing. Base has only
 * USDC; optimism lacks GBP and CNY, bsc CNY; tron has no conversion path.
 */
const PINS: Readonly<Record<NetworkName, readonly Pin[]>> = {
  mainnet: [
    ...fiat('EUR', 'GBP', 'JPY', 'CNY'),
    ['USDC-mainnet', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 6],
    ['USDT-mainnet', '0xdac17f958d2ee523a2206206994597c13d831ec7', 6],
    ['DAI-mainnet', '0x6b175474e89094c44da98b954eedeac495271d0f', 18],
  ],
  base: [['USDC-base', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 6]],
  optimism: [
    ...fiat('EUR', 'JPY'),
    ['USDCn-optimism', '0x0b2c639c533813f4aa9d7837caf62653d097ff85', 6],
    ['USDC-optimism', '0x7f5c764cbc14f9669b88837ca1490cca17c31607', 6],
    ['USDT-optimism', '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58', 6],
    ['DAI-optimism', '0xda10009cbd5d07dd0cecc66161fc93d7c9000da1', 18],
  ],
  'arbitrum-one': [
    ...fiat('EUR', 'GBP', 'JPY', 'CNY'),
    ['USDC-arbitrum-one', '0xaf88d065e77c8cc2239327c5edb3a432268e5831', 6],
    ['USDT-arbitrum-one', '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9', 6],
    ['DAI-arbitrum-one', '0xda10009cbd5d07dd0cecc66161fc93d7c9000da1', 18],
  ],
  matic: [
    ...fiat('EUR', 'GBP', 'JPY', 'CNY'),
    ['USDCn-matic', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', 6],
    ['USDC-matic', '0x2791bca1f2de4661ed88a30c99a7a9449aa84174', 6],
    ['USDT-matic', '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', 6],
    ['DAI-matic', '0x8f3cf7ad23cd3cadbd9735aff958023239c6a063', 18],
  ],
  bsc: [
    ...fiat('EUR', 'GBP', 'JPY'),
    ['USDC-bsc', '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d', 18],
    ['USDT-bsc', '0x55d398326f99059ff775485246999027b3197955', 18],
    ['DAI-bsc', '0x1af3f329e8be154074d8769d1ffa4ee058b1dbc3', 18],
  ],
  sepolia: [
    ...fiat('EUR', 'GBP'),
    ['FAU-sepolia', '0x370de27fdb7d1ff1e1baa7d11c5820a324cf623c', 18],
    ['fUSDT-sepolia', '0xf046b3ca5ae2879c6bacc4d42faf363ee8379f78', 6],
  ],
  tron: [],
};

function book(network: NetworkName, pins: readonly Pin[]): Readonly<Record<string, ConversionPathFeed>> {
  const contracts: Partial<Record<string, string>> = PRODUCTION_CONTRACTS[network];
  const conversionPath = contracts.ChainlinkConversionPath;
  if (!conversionPath) return Object.freeze({});
  const feeds = pins.map(([asset, key, decimals]): [string, ConversionPathFeed] => [
    asset,
    Object.freeze({ kind: 'conversion-path', conversionPath, key, decimals }),
  ]);
  return Object.freeze(Object.fromEntries(feeds));
}

/** Every production network's USD rates, each read through that network's ChainlinkConversionPath. */
export const PUBLISHED_USD_RATES: Readonly<Record<NetworkName, Readonly<Record<string, ConversionPathFeed>>>> = Object.freeze(
  Object.fromEntries(Object.entries(PINS).map(([network, pins]) => [network, book(network as NetworkName, pins)])) as Record<
    NetworkName,
    Readonly<Record<string, ConversionPathFeed>>
  >,
);
