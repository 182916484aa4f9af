import { Interface, type JsonRpcProvider, toQuantity } from 'ethers';

const FEED = new Interface([
  'function owner() view returns (address)',
  'function latestAnswer() view returns (int256)',
  'function latestTimestamp() view returns (uint256)',
  'function updateAnswer(int256)',
]);

/** A feed older than this at chain time is re-stamped (as `npm start` does every hour; rates past 25 h are refused). */
const FEED_MAX_AGE_SECONDS = 3600;

/**
 * The local chain's (anvil's) time, as test clocks move it. Time only moves forward: a chain
 * already at or past the time asked stays where it is. After a move every local price feed
 * (MockV3Aggregator) gone stale at chain time opens a new round with its same answer, stamped with the new block time, so
 * conversions checked against block time (the conversion proxy's maxRateTimespan) stay valid;
 * its owner (the deployer) is impersonated, which only a development chain allows.
 */
export class LocalChainTime {
  private genesis: Promise<string> | undefined;

  constructor(
    private readonly provider: JsonRpcProvider,
    private readonly feeds: readonly string[],
  ) {}

  /** The hash of block 0: tells one local chain from a fresh one (whose time starts again). */
  genesisHash(): Promise<string> {
    this.genesis ??= this.provider.getBlock(0).then((b) => {
      if (!b?.hash) throw new Error('the local chain has no block 0');
      return b.hash;
    });
    return this.genesis;
  }

  async now(): Promise<number> {
    const block = await this.provider.getBlock('latest');
    if (!block) throw new Error('no latest block');
    return block.timestamp;
  }

  /** Mines a block at `time` when the chain is behind it; answers the seconds moved (0: it was there already). */
  async moveTo(time: number): Promise<number> {
    const latest = await this.now();
    if (latest >= time) return 0;
    await this.provider.send('evm_setNextBlockTimestamp', [toQuantity(time)]);
    await this.provider.send('evm_mine', []);
    return time - latest;
  }

  /**
   * A new round with the same answer on every local feed whose latest round is older than
   * FEED_MAX_AGE_SECONDS at chain time, mined at once (`evm_mine`: also under interval mining).
   * Answers the feeds re-stamped. Run after every move, so one that failed is re-stamped next time.
   */
  async restampStaleFeeds(): Promise<string[]> {
    const now = await this.now();
    const sent: { feed: string; hash: string }[] = [];
    for (const feed of this.feeds) {
      const read = (name: 'owner' | 'latestAnswer' | 'latestTimestamp') =>
        this.provider.call({ to: feed, data: FEED.encodeFunctionData(name) }).then((r) => FEED.decodeFunctionResult(name, r)[0] as unknown);
      if (now - Number(await read('latestTimestamp')) <= FEED_MAX_AGE_SECONDS) continue;
      const [owner, answer] = [(await read('owner')) as string, (await read('latestAnswer')) as bigint];
      await this.provider.send('anvil_impersonateAccount', [owner]);
      try {
        const data = FEED.encodeFunctionData('updateAnswer', [answer]);
        sent.push({ feed, hash: (await this.provider.send('eth_sendTransaction', [{ from: owner, to: feed, data }])) as string });
      } finally {
        await this.provider.send('anvil_stopImpersonatingAccount', [owner]);
      }
    }
    if (sent.length === 0) return [];
    await this.provider.send('evm_mine', []);
    for (const { feed, hash } of sent) {
      const receipt = await this.provider.getTransactionReceipt(hash);
      if (receipt?.status !== 1) throw new Error(`re-stamping the price feed ${feed} failed (transaction ${hash})`);
    }
    return sent.map((s) => s.feed);
  }
}
