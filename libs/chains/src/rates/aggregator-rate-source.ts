import { Contract, type ContractRunner } from 'ethers';
import type { RateFeedBook } from '../conversion/rate-feeds.js';
import { isRateError, RateError, type RateSource, type UsdRate } from './rate-source.js';

/** The part of Chainlink's AggregatorV3Interface a rate needs. */
export const AGGREGATOR_V3_ABI = [
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
] as const;

type RoundData = readonly [roundId: bigint, answer: bigint, startedAt: bigint, updatedAt: bigint, answeredInRound: bigint];

/**
 * Reads USD rates from Chainlink-style AggregatorV3 feeds over the chain RPC (the I/O side of
 * libs/chains). Feed addresses come from the RateFeedBook; `runnerFor` gives the network's
 * provider. Each feed's `decimals()` is read once; `latestRoundData()` on every call (put a
 * CachingRateSource in front, and a MaxAgeRateSource to refuse stale answers).
 */
export class AggregatorRateSource implements RateSource {
  private readonly decimals = new Map<string, Promise<number>>();

  constructor(
    private readonly feeds: RateFeedBook,
    private readonly runnerFor: (network: string) => ContractRunner | undefined,
  ) {}

  async usdRate(network: string, asset: string): Promise<UsdRate> {
    const address = this.feeds[network]?.[asset];
    if (address === undefined) throw new RateError('NO_FEED', `No ${asset}/USD rate on ${network}`);
    if (address === null) throw new RateError('NO_FEED', `${asset}/USD on ${network} is only known to Request Network's conversion path`);
    const runner = this.runnerFor(network);
    if (!runner) throw new RateError('UNAVAILABLE', `No RPC endpoint configured for ${network}`);
    const feed = new Contract(address, AGGREGATOR_V3_ABI, runner);
    try {
      const [decimals, round] = await Promise.all([this.decimalsOf(feed, address), this.latestRound(feed)]);
      const [, answer, , updatedAt] = round;
      if (answer <= 0n || updatedAt === 0n) throw new RateError('INVALID_ANSWER', `Feed ${asset}/USD on ${network} has no valid answer`);
      return { network, asset, answer, decimals, updatedAt: Number(updatedAt) };
    } catch (error) {
      if (isRateError(error)) throw error;
      throw new RateError(
        'UNAVAILABLE',
        `Reading ${asset}/USD on ${network} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private decimalsOf(feed: Contract, address: string): Promise<number> {
    let known = this.decimals.get(address);
    if (!known) {
      known = (feed.getFunction('decimals').staticCall() as Promise<bigint>).then(Number);
      known.catch(() => this.decimals.delete(address)); // retry next time
      this.decimals.set(address, known);
    }
    return known;
  }

  private latestRound(feed: Contract): Promise<RoundData> {
    return feed.getFunction('latestRoundData').staticCall() as Promise<RoundData>;
  }
}
