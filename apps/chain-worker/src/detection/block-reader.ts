import { checksumAddress, decodeProxyTransfer, readProxyLogs, type ProxyLog } from '@payrail/chains';
import type { ProxyTransfer } from '@payrail/domain';
import type { BlockRef } from '@payrail/persistence';
import { JsonRpcApiProvider, toQuantity, type AbstractProvider, type TransactionReceipt } from 'ethers';

export type DetectedTransfer = ProxyTransfer & { from: string | null; timestamp: number };

/**
 * Reads one network through its RPC: the head, block hashes, and the fee proxies' payment
 * logs of a block range with their blocks' timestamps and the transactions' senders. Calls that
 * go out together are batched by ethers into one JSON-RPC request.
 */
export class BlockReader {
  constructor(
    private readonly provider: AbstractProvider,
    private readonly contracts: string[],
  ) {}

  head(): Promise<number> {
    return this.provider.getBlockNumber();
  }

  /** A transaction's receipt, or null while it is not mined (or unknown to the node). */
  receipt(txHash: string): Promise<TransactionReceipt | null> {
    return this.provider.getTransactionReceipt(txHash);
  }

  /** Whether the node knows a transaction (pending or mined: `blockNumber` null while pending), or null when it does not. */
  async transaction(txHash: string): Promise<{ blockNumber: number | null } | null> {
    const tx = await this.provider.getTransaction(txHash);
    return tx ? { blockNumber: tx.blockNumber } : null;
  }

  /** The fee-proxy payments a receipt holds (the logs detection would read for it). */
  receiptTransfers(receipt: TransactionReceipt): ProxyTransfer[] {
    const ours = new Set(this.contracts.map((c) => c.toLowerCase()));
    return receipt.logs
      .filter((l) => ours.has(l.address.toLowerCase()))
      .map(decodeProxyTransfer)
      .filter((t): t is ProxyTransfer => t !== undefined);
  }

  async block(n: number): Promise<BlockRef | undefined> {
    const block = await this.provider.getBlock(n);
    return block?.hash ? { number: block.number, hash: block.hash, timestamp: block.timestamp } : undefined;
  }

  /**
   * The payment logs of a range, or undefined when the chain moved while it was read (the range
   * end's hash changed between before and after the logs were read, a log's block is no longer
   * the block of its number, or the block before the range no longer has `parentHash`, the hash
   * the caller checked it had): then nothing of the range may be stored, since the logs may belong
   * to blocks a reorg replaced, the replacement's logs may be missing, or the range may stand on
   * another chain than the blocks below it; the caller reads it again.
   */
  async transfers(
    fromBlock: number,
    toBlock: number,
    parentHash?: string,
  ): Promise<{ transfers: DetectedTransfer[]; blocks: BlockRef[] } | undefined> {
    const end = await this.block(toBlock);
    if (!end) return undefined;
    const decoded = (await this.logs(fromBlock, toBlock)).map(decodeProxyTransfer).filter((t): t is ProxyTransfer => t !== undefined);
    const parent = parentHash ? [fromBlock - 1] : [];
    const blockNumbers = [...new Set([...decoded.map((t) => t.blockNumber), toBlock, ...parent])];
    // A block holding many of our payments is read whole, with its transactions' senders, in one
    // call; the senders of the other payments are read one transaction each (batched by ethers).
    const txsOf = new Map<number, Set<string>>();
    for (const t of decoded) txsOf.set(t.blockNumber, (txsOf.get(t.blockNumber) ?? new Set()).add(t.txHash));
    const whole = new Set(blockNumbers.filter((n) => (txsOf.get(n)?.size ?? 0) >= WHOLE_BLOCK_TXS));
    const txHashes = [...new Set(decoded.filter((t) => !whole.has(t.blockNumber)).map((t) => t.txHash))];
    const [blocks, txs] = await Promise.all([
      Promise.all(blockNumbers.map((n): Promise<ReadBlock | undefined> => (whole.has(n) ? this.blockWithSenders(n) : this.block(n)))),
      Promise.all(txHashes.map((h) => this.provider.getTransaction(h))),
    ]);
    const senders = new Map<string, string | null>(txs.map((tx, i) => [txHashes[i], tx?.from ?? null]));
    for (const b of blocks) for (const [hash, from] of b?.senders ?? []) senders.set(hash, from);
    const byNumber = new Map(blocks.filter((b): b is BlockRef => b !== undefined).map((b) => [b.number, b]));
    // Same end hash before and after: the blocks up to it (its ancestry) did not change in between.
    if (byNumber.get(toBlock)?.hash !== end.hash) return undefined;
    if (decoded.some((t) => byNumber.get(t.blockNumber)?.hash !== t.blockHash)) return undefined;
    // Same parent hash as the caller checked before: the range continues the chain below it.
    if (parentHash && byNumber.get(fromBlock - 1)?.hash !== parentHash) return undefined;
    const transfers = decoded.map((t) => ({
      ...t,
      from: senders.get(t.txHash) ?? null,
      timestamp: byNumber.get(t.blockNumber)!.timestamp,
    }));
    return { transfers, blocks: [...byNumber.values()].map(refOf).filter((b) => b.number >= fromBlock) };
  }

  /** The fee proxies' payment logs of a range (readProxyLogs, shared with reconciliation). */
  private logs(fromBlock: number, toBlock: number): Promise<ProxyLog[]> {
    return readProxyLogs(this.provider, this.contracts, fromBlock, toBlock);
  }

  private async blockWithSenders(n: number): Promise<ReadBlock | undefined> {
    if (!(this.provider instanceof JsonRpcApiProvider)) {
      const block = await this.provider.getBlock(n, true);
      if (!block?.hash) return undefined;
      return {
        number: block.number,
        hash: block.hash,
        timestamp: block.timestamp,
        senders: new Map(block.prefetchedTransactions.map((tx) => [tx.hash, tx.from])),
      };
    }
    // Straight from JSON-RPC: ethers' formatting of hundreds of full transactions costs more than
    // the call, and only their hashes and senders are wanted.
    const block = (await this.provider.send('eth_getBlockByNumber', [toQuantity(n), true])) as RawBlock | null;
    if (!block?.hash) return undefined;
    const senders = new Map(block.transactions.map((tx) => [tx.hash, checksumAddress(tx.from)]));
    return { number: Number(block.number), hash: block.hash, timestamp: Number(block.timestamp), senders };
  }
}

interface RawBlock {
  number: string;
  hash: string | null;
  timestamp: string;
  transactions: { hash: string; from: string }[];
}

/** Blocks with at least this many of our payment transactions are read whole (transactions included). */
const WHOLE_BLOCK_TXS = 8;

/** A block as read: with its transactions' senders when read whole. */
type ReadBlock = BlockRef & { senders?: Map<string, string> };

const refOf = (b: BlockRef): BlockRef => ({ number: b.number, hash: b.hash, timestamp: b.timestamp });
