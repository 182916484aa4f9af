import type { ProxyTransfer } from '@payrail/domain';
import { JsonRpcApiProvider, toQuantity, type AbstractProvider } from 'ethers';
import { decodeProxyTransfer, ERC20_TRANSFER_TOPIC, NATIVE_TRANSFER_TOPIC } from './fee-proxy-events.js';

/** A log as decodeProxyTransfer reads it. */
export type ProxyLog = Parameters<typeof decodeProxyTransfer>[0];

/** A log as JSON-RPC answers it (quantities in hex). */
interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string | null;
  blockHash: string;
  transactionHash: string;
  logIndex: string | null;
  removed?: boolean;
}

/**
 * The fee proxies' payment logs (`TransferWithReferenceAndFee` of both proxies) of a block range,
 * in one eth_getLogs for every proxy and both topics, less those the node flags removed. Straight
 * from JSON-RPC where the provider speaks it: ethers' formatting of every log (checksumming each
 * address again) is not needed to decode them. Shared by detection and reconciliation.
 */
export async function readProxyLogs(
  provider: AbstractProvider,
  contracts: string[],
  fromBlock: number,
  toBlock: number,
): Promise<ProxyLog[]> {
  const topics = [[ERC20_TRANSFER_TOPIC, NATIVE_TRANSFER_TOPIC]];
  if (!(provider instanceof JsonRpcApiProvider)) {
    const logs = await provider.getLogs({ address: contracts, fromBlock, toBlock, topics });
    return logs.filter((l) => !l.removed);
  }
  const filter = { address: contracts, fromBlock: toQuantity(fromBlock), toBlock: toQuantity(toBlock), topics };
  const raw = (await provider.send('eth_getLogs', [filter])) as RawLog[];
  return raw
    .filter((l) => l.removed !== true)
    .map((l) => {
      if (l.blockNumber === null || l.logIndex === null) throw new Error('eth_getLogs answered a log without its block or index');
      return {
        address: l.address,
        topics: l.topics,
        data: l.data,
        transactionHash: l.transactionHash,
        index: Number(l.logIndex),
        blockNumber: Number(l.blockNumber),
        blockHash: l.blockHash,
      };
    });
}

/** The decoded payments of a range (logs that are not the proxies' events are left out). */
export async function readProxyTransfers(
  provider: AbstractProvider,
  contracts: string[],
  fromBlock: number,
  toBlock: number,
): Promise<ProxyTransfer[]> {
  return (await readProxyLogs(provider, contracts, fromBlock, toBlock))
    .map(decodeProxyTransfer)
    .filter((t): t is ProxyTransfer => t !== undefined);
}
