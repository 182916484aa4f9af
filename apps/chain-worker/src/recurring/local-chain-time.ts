import { Interface, type JsonRpcProvider, toQuantity } from 'ethers';

const FEED = new Interface([
  'function owner() view returns (address)',
  'function latestAnswer() view returns (int256)',
  'function updateAnswer(int256)',
]);

/**
 * The local chain's (anvil's) time, as test clocks move it. Time only moves forward: a chain
 * already at or past the time asked stays where it is. After a move every local price feed
 * (MockV3Aggregator) opens a new round with its same answer, stamped with the new block time, so
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
    await this.restampFeeds();
    return time - latest;
  }

  /** A new round with the same answer on every local feed, stamped now (chain time). */
  async restampFeeds(): Promise<void> {
    for (const feed of this.feeds) {
      const owner = FEED.decodeFunctionResult(
        'owner',
        await this.provider.call({ to: feed, data: FEED.encodeFunctionData('owner') }),
      )[0] as string;
      const [answer] = FEED.decodeFunctionResult(
        'latestAnswer',
        await this.provider.call({ to: feed, data: FEED.encodeFunctionData('latestAnswer') }),
      ) as unknown as [bigint];
      await this.provider.send('anvil_impersonateAccount', [owner]);
      try {
        const hash = (await this.provider.send('eth_sendTransaction', [
          { from: owner, to: feed, data: FEED.encodeFunctionData('updateAnswer', [answer]) },
        ])) as string;
        const receipt = await this.provider.waitForTransaction(hash, 1, 30_000);
        if (receipt?.status !== 1) throw new Error(`re-stamping the price feed ${feed} failed (transaction ${hash})`);
      } finally {
        await this.provider.send('anvil_stopImpersonatingAccount', [owner]);
      }
    }
  }
}
