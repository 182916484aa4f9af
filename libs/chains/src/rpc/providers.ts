import { type AbstractProvider, FallbackProvider, Network, WebSocketProvider } from 'ethers';
import { ObservedJsonRpcProvider } from './rpc-observer.js';

export interface RpcProviderOptions {
  /** With several URLs: how long one may take before the next is asked too (ms). */
  stallTimeoutMs?: number;
  /**
   * ethers answers a repeated call from a cache for this long (default 250 ms); -1 turns it off.
   * Whatever must see the chain as it is now (reorg checks, nonces) turns it off.
   */
  cacheTimeoutMs?: number;
  /**
   * ethers waits this long for more calls to send in one JSON-RPC batch (default 10 ms). Calls made
   * together still share a batch at 0; a reader whose calls follow one another (detection) sets 0
   * so that each does not wait 10 ms (more on a loaded machine) before it is sent.
   */
  batchStallTimeMs?: number;
  /** Most calls in one JSON-RPC batch (ethers' default 100); a reader that batches a list of reads at once raises it. */
  batchMaxCount?: number;
}

function single(url: string, network: Network, options: RpcProviderOptions): AbstractProvider {
  return /^wss?:\/\//.test(url)
    ? new WebSocketProvider(url, network, { cacheTimeout: options.cacheTimeoutMs })
    : new ObservedJsonRpcProvider(url, network, options.cacheTimeoutMs, options.batchStallTimeMs, options.batchMaxCount);
}

/**
 * An ethers provider for a network's RPC endpoints (RPC_URL_<NETWORK>, comma-separated). The
 * chain id is fixed, so nothing is sent until the first call. Several URLs fail over in order:
 * the first is asked, the next one too when it errors or stalls; one answer is enough.
 * The I/O side of libs/chains, with AggregatorRateSource.
 */
export function rpcProvider(urls: readonly string[], chainId: number, options: RpcProviderOptions = {}): AbstractProvider {
  if (urls.length === 0) throw new Error(`no RPC URL for chain ${chainId}`);
  const network = Network.from(chainId);
  if (urls.length === 1) return single(urls[0], network, options);
  const configs = urls.map((url, i) => ({
    provider: single(url, network, options),
    priority: i + 1,
    weight: 1,
    stallTimeout: options.stallTimeoutMs ?? 2000,
  }));
  return new FallbackProvider(configs, network, { quorum: 1, cacheTimeout: options.cacheTimeoutMs });
}
