import { Contract, type ContractRunner } from 'ethers';
import { type ConversionPathFeed, FIAT_PATH_DECIMALS, USD_CURRENCY_HASH } from '../conversion/published-rates.js';
import { RateError, type UsdRate } from './rate-source.js';

/** The part of Request Network's ChainlinkConversionPath a rate needs. */
const CHAINLINK_CONVERSION_PATH_ABI = [
  'function getRate(address[] _path) view returns (uint256 rate, uint256 oldestRateTimestamp, uint256 decimals)',
] as const;

type PathRate = readonly [rate: bigint, oldestRateTimestamp: bigint, decimals: bigint];

/** n when value is 10^n, else null. */
function log10(value: bigint): number | null {
  const text = value.toString();
  return /^10*$/.test(text) ? text.length - 1 : null;
}

/**
 * `asset/USD` as Request Network's conversion contracts see it: `getRate([key, USD])` answers how
 * many USD units (8 decimals, USD being fiat) one base unit of the asset is worth, times `decimals`
 * (10^18). One whole asset (10^feed.decimals base units) is therefore worth
 * rate * 10^feed.decimals / (10^18 * 10^8) USD, i.e. `rate` with 18 + 8 - feed.decimals decimals.
 * The timestamp is the oldest of the aggregators the path read.
 */
export async function readConversionPathRate(
  runner: ContractRunner,
  network: string,
  asset: string,
  feed: ConversionPathFeed,
): Promise<UsdRate> {
  const path = new Contract(feed.conversionPath, CHAINLINK_CONVERSION_PATH_ABI, runner);
  const [rate, oldest, precision] = (await path.getFunction('getRate').staticCall([feed.key, USD_CURRENCY_HASH])) as PathRate;
  const scale = log10(precision);
  if (rate <= 0n || oldest === 0n || scale === null) {
    throw new RateError('INVALID_ANSWER', `Conversion path ${asset}/USD on ${network} has no valid answer`);
  }
  const decimals = scale + FIAT_PATH_DECIMALS - feed.decimals;
  return decimals >= 0
    ? { network, asset, answer: rate, decimals, updatedAt: Number(oldest) }
    : { network, asset, answer: rate * 10n ** BigInt(-decimals), decimals: 0, updatedAt: Number(oldest) };
}
