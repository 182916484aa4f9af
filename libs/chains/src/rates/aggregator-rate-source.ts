import { Contract, type ContractRunner } from 'ethers';
import type { RateFeedBook } from '../conversion/rate-feeds.js';
import { readConversionPathRate } from './conversion-path-rate.js';
import { isRateError, RateError, type RateSource, type UsdRate } from './rate-source.js';

/** The part of Chainlink's AggregatorV3Interface a rate needs. */
const AGGREGATOR_V3_ABI = [
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
] as const;

type RoundData = readonly [roundId: bigint, answer: bigint, startedAt: bigint, updatedAt: bigint, answeredInRound: bigint];

/**
 * Reads USD rates on chain over the RPC (the I/O side of libs/chains), as the RateFeedBook says:
 * through Request Network's ChainlinkConversionPath (`getRate([asset, USD])`, production) or from
 * a Chainlink-style AggregatorV3 feed (the local chain's mocks). `runnerFor` gives the network's
 * provider. Each feed's `decimals()` is read once; the answer on every call (put a
 * CachingRateSource in front, and a MaxAgeRateSource to refuse stale answers).
 */
export class AggregatorRateSource implements RateSource {
  private readonly decimals = new Map<string, Promise<number>>();

  constructor(
    private readonly feeds: RateFeedBook,
    private readonly runnerFor: (network: string) => ContractRunner | undefined,
  ) {}

  async usdRate(network: string, asset: string): Promise<UsdRate> {
    const entry = this.feeds[network]?.[asset];
    if (entry === undefined) throw new RateError('NO_FEED', `No ${asset}/USD rate on ${network}`);
    const runner = this.runnerFor(network);
    if (!runner) throw new RateError('UNAVAILABLE', `No RPC endpoint configured for ${network}`);
    try {
      if (entry.kind === 'conversion-path') return await readConversionPathRate(runner, network, asset, entry);
      const feed = new Contract(entry.address, AGGREGATOR_V3_ABI, runner);
      const [decimals, round] = await Promise.all([this.decimalsOf(feed, entry.address), this.latestRound(feed)]);
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
