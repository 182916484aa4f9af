import type { ProxyTransfer } from '@payrail/domain';
import type { AbstractProvider } from 'ethers';
import { readProxyTransfers } from '../events/proxy-logs.js';

/**
 * The first block whose timestamp is at or after `seconds` (Unix), found by bisection over
 * eth_getBlockByNumber (about log2(head) reads); `head + 1` when every block is older.
 * A window [from, to) in time maps to the blocks [blockAtOrAfter(from), blockAtOrAfter(to) - 1].
 */
export async function blockAtOrAfter(provider: AbstractProvider, seconds: number, head?: number): Promise<number> {
  const top = head ?? (await provider.getBlockNumber());
  const timeOf = async (n: number): Promise<number> => {
    const block = await provider.getBlock(n);
    if (!block) throw new Error(`block ${n} at or below the head ${top} could not be read`);
    return block.timestamp;
  };
  if ((await timeOf(top)) < seconds) return top + 1;
  let low = 0;
  let high = top; // invariant: time(high) >= seconds
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if ((await timeOf(mid)) >= seconds) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The block ranges of [fromBlock, toBlock] in pieces of at most `size` blocks, in order. */
export function chunkRange(fromBlock: number, toBlock: number, size: number): { from: number; to: number }[] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const chunks: { from: number; to: number }[] = [];
  for (let from = fromBlock; from <= toBlock; from += size) chunks.push({ from, to: Math.min(toBlock, from + size - 1) });
  return chunks;
}

/**
 * Reads the fee proxies' payments of several ranges with at most `concurrency` eth_getLogs in
 * flight (lanes taking the next range as they finish), answering each range's transfers in the
 * ranges' order. A range that fails fails the whole read (the caller retries it from its progress).
 */
export async function scanProxyTransfers(
  provider: AbstractProvider,
  contracts: string[],
  ranges: { from: number; to: number }[],
  concurrency: number,
): Promise<ProxyTransfer[][]> {
  const out: ProxyTransfer[][] = new Array<ProxyTransfer[]>(ranges.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < ranges.length) {
      const i = next++;
      out[i] = await readProxyTransfers(provider, contracts, ranges[i].from, ranges[i].to);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ranges.length)) }, lane));
  return out;
}
