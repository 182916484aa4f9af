import { Contract, NonceManager, Wallet, type ContractTransactionResponse } from 'ethers';
import { loadArtifact } from './artifacts.js';
import { localProvider, type LocalDeployment, type TransactionMethod } from './deploy.js';

/** Re-stamps a feed whose last round is older than this (the rate source refuses rounds past 25 h). */
export const FEED_REFRESH_AFTER_SECONDS = 60 * 60;

export interface RefreshFeedsOptions {
  rpcUrl: string;
  /** The feeds' owner (the deployer). */
  deployerPrivateKey: string;
  deployment: LocalDeployment;
  olderThanSeconds?: number;
  rootDir?: string;
}

/**
 * A local chain kept across `npm start` runs keeps its price feeds' rounds stamped at deploy
 * time, so after a day every conversion would be refused as STALE. This opens a new round with
 * the same answer on every feed older than `olderThanSeconds` (measured against the later of
 * the wall clock and the chain's own time) and returns the pairs it refreshed.
 */
export async function refreshLocalFeeds(opts: RefreshFeedsOptions): Promise<string[]> {
  const provider = localProvider(opts.rpcUrl);
  try {
    const signer = new NonceManager(new Wallet(opts.deployerPrivateKey, provider));
    const { abi } = loadArtifact('MockV3Aggregator', opts.rootDir);
    const latest = await provider.getBlock('latest');
    const now = Math.max(Math.floor(Date.now() / 1000), latest?.timestamp ?? 0);
    const limit = opts.olderThanSeconds ?? FEED_REFRESH_AFTER_SECONDS;
    const refreshed: string[] = [];
    const sent: ContractTransactionResponse[] = [];
    for (const [pair, address] of Object.entries(opts.deployment.feeds)) {
      const feed = new Contract(address, abi, signer);
      const [, answer, , updatedAt] = (await feed.getFunction('latestRoundData')()) as bigint[];
      if (now - Number(updatedAt) <= limit) continue;
      sent.push(await feed.getFunction<TransactionMethod>('updateAnswer')(answer));
      refreshed.push(pair);
    }
    await Promise.all(sent.map((tx) => tx.wait()));
    return refreshed;
  } finally {
    provider.destroy();
  }
}
