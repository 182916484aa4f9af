import { Contract, type JsonRpcProvider, type Signer, type TransactionResponse } from 'ethers';
import {
  localNetworkOf,
  localRateFeeds,
  NETWORKS,
  parseLocalDeployment,
  publishedArtifact,
  STATIC_CURRENCIES,
  USD_CURRENCY_HASH,
} from '@payrail/chains';

/** What deployLocalContracts records, as far as the conversion path needs it. */
interface DeploymentFeeds {
  chainId: number;
  contracts: Record<string, string>;
  tokens: Record<string, { address: string; decimals: number }>;
  feeds: Record<string, string>;
}

interface PathEntry {
  /** The asset's path key: a token address, or a fiat / native currency hash. */
  key: string;
  feed: string;
}

/**
 * The local chain prices assets as production does: through Request Network's published
 * ChainlinkConversionPath, whose aggregators for [asset -> USD] are the local mock feeds. The keys
 * come from the same mapping the apps read rates with (localRateFeeds), so the two cannot drift.
 */
export function conversionPathEntries(deployment: DeploymentFeeds): PathEntry[] {
  const local = parseLocalDeployment(deployment);
  const entries: PathEntry[] = [];
  for (const [pair, feed] of Object.entries(local.feeds)) {
    const [entry] = Object.values(localRateFeeds({ ...local, feeds: { [pair]: feed } }).feeds);
    if (entry?.kind === 'conversion-path') entries.push({ key: entry.key, feed });
  }
  return entries;
}

/**
 * The path's `nativeTokenHash` (constructor argument): the local network's native currency hash,
 * the key the apps price the native currency with, so the path reads it with 18 decimals as
 * Request Network's deployments do (any other value would be taken for an 8-decimal fiat code).
 */
export function localNativeCurrencyHash(chainId: number): string {
  const network = localNetworkOf(NETWORKS, { chainId, contracts: {}, tokens: {}, tokenDecimals: {}, feeds: {} });
  const hash = STATIC_CURRENCIES.find((c) => c.id === network.nativeCurrency.id)?.hash;
  if (!hash) throw new Error(`no currency hash for ${network.nativeCurrency.id}`);
  return hash;
}

/** The owner registers every local USD feed as the path's aggregator (one transaction). */
export async function registerLocalFeeds(signer: Signer, path: string, entries: PathEntry[]): Promise<TransactionResponse> {
  const admin = new Contract(path, publishedArtifact('ChainlinkConversionPath').abi, signer);
  return (await admin.getFunction('updateAggregatorsList')(
    entries.map((e) => e.key),
    entries.map(() => USD_CURRENCY_HASH),
    entries.map((e) => e.feed),
  )) as TransactionResponse;
}

/** Whether the path answers a rate for every local feed (false for a chain set up before the feeds were registered). */
export async function conversionPathAnswers(provider: JsonRpcProvider, deployment: DeploymentFeeds): Promise<boolean> {
  const path = deployment.contracts.ChainlinkConversionPath;
  if (!path) return false;
  const reader = new Contract(path, publishedArtifact('ChainlinkConversionPath').abi, provider).getFunction('getRate');
  try {
    await Promise.all(conversionPathEntries(deployment).map((e) => reader.staticCall([e.key, USD_CURRENCY_HASH])));
    return true;
  } catch {
    return false;
  }
}
