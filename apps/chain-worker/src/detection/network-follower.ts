import { Logger } from '@nestjs/common';
import { DetectionRepository, RefundsRepository, type BlockRef, type Cursor } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { traceBlockPass } from '../shared/chain-tracing.js';
import type { BlockReader } from './block-reader.js';
import { DetectionMetrics } from './detection.metrics.js';

export interface FollowerOptions {
  network: string;
  /** Blocks a payment must be buried under before it is settled (0: settle at once). */
  confirmations: number;
  /** Largest eth_getLogs range. */
  maxRange: number;
  /** A new cursor starts this many blocks behind the head. */
  backfill: number;
  /** Recent range-end block hashes kept (blocks holding transfers keep theirs as long as the transfer). */
  keepBlocks: number;
}

export interface FollowStatus {
  head: number;
  cursor: number;
  lag: number;
  detected: number;
  reorgs: number;
}

/**
 * Called after each pass with the newest block buried under enough confirmations. Settlement
 * finds what a reorg left to re-settle in Postgres (reversed_transfers), not in the call.
 */
export type Settle = (network: string, confirmedThrough: number) => Promise<void>;

/** Known blocks compared with the chain per round trip while looking for a reorg's common ancestor. */
const ANCESTOR_PAGE = 16;

/**
 * Follows one network: reads the fee proxies' payment logs from a cursor stored in Postgres in
 * bounded ranges, checks the cursor block's hash first and rolls back what a reorg removed, and
 * stores transfers, block hashes and the cursor in one transaction (a crash mid-range rereads it;
 * transfers are unique by tx hash and log index, so nothing is counted twice). A range read while
 * the chain moved is not stored but read again, so no log a reorg dropped or added is skipped.
 */
export class NetworkFollower {
  private readonly logger: Logger;
  readonly status: FollowStatus = { head: 0, cursor: 0, lag: 0, detected: 0, reorgs: 0 };

  constructor(
    private readonly db: DataSource,
    private readonly reader: BlockReader,
    private readonly options: FollowerOptions,
    private readonly settle: Settle,
    private readonly metrics = new DetectionMetrics(),
  ) {
    this.logger = new Logger(`Detection:${options.network}`);
  }

  /** One pass; returns whether more blocks are waiting (call again at once). */
  async pass(): Promise<boolean> {
    const { network } = this.options;
    const head = await this.reader.head();
    const repo = new DetectionRepository(this.db.manager);
    let cursor: Cursor | undefined = await repo.cursor(network);
    if (!cursor) {
      cursor = await this.initialCursor(head);
      await repo.saveCursor(network, cursor); // also the follower's origin
    }
    cursor = (await this.checkReorg(cursor)) ?? cursor;
    const from = cursor.blockNumber + 1;
    const to = Math.min(head, cursor.blockNumber + this.options.maxRange);
    if (from <= to) {
      // The cursor's hash as checked above: a reorg landing after the check is not read past.
      const read = await this.reader.transfers(from, to, cursor.blockHash);
      if (!read) return true; // the chain moved while reading: read again (the next pass checks for a reorg first)
      this.metrics.logsRead(network, read.transfers.length);
      const ours = await repo.knownTopics(network, [...new Set(read.transfers.map((t) => t.referenceTopic))]);
      const transfers = read.transfers.filter((t) => ours.has(t.referenceTopic));
      const toBlock = read.blocks.find((b) => b.number === to)!;
      await this.db.transaction(async (m) => {
        const tx = new DetectionRepository(m);
        this.status.detected += await tx.saveTransfers(network, transfers);
        // A refund's transaction seen (before its confirmations): submitted.
        await new RefundsRepository(m).markSubmitted(
          network,
          transfers.map((t) => ({ topic: t.referenceTopic, txHash: t.txHash })),
        );
        await tx.saveBlocks(network, read.blocks, this.options.keepBlocks);
        await tx.saveCursor(network, { blockNumber: to, blockHash: toBlock.hash });
      });
      cursor = { blockNumber: to, blockHash: toBlock.hash };
      this.metrics.blocksRead(network, to - from + 1);
    }
    Object.assign(this.status, { head, cursor: cursor.blockNumber, lag: head - cursor.blockNumber });
    const through = Math.min(cursor.blockNumber, head - this.options.confirmations);
    await traceBlockPass({ network, head, block: cursor, confirmedThrough: through }, () => this.settle(network, through));
    return to < head;
  }

  private async initialCursor(head: number): Promise<Cursor> {
    const start = Math.max(0, head - this.options.backfill);
    return { blockNumber: start - 1, blockHash: start === 0 ? '' : ((await this.blocksAt([start - 1]))[0]?.hash ?? '') };
  }

  /**
   * When the cursor's block is no longer on the chain: roll back to the common ancestor (see
   * commonAncestor) in one transaction that deletes the transfers above it, keeps the settled ones
   * among them for re-settlement, and moves the cursor. Returns the new cursor.
   */
  private async checkReorg(cursor: Cursor): Promise<Cursor | undefined> {
    if (cursor.blockNumber < 0 || cursor.blockHash === '') return undefined;
    const [onChain] = await this.blocksAt([cursor.blockNumber]);
    if (onChain?.hash === cursor.blockHash) return undefined;
    const ancestor = await this.commonAncestor(cursor.blockNumber);
    const { removed, reversedTopics } = await this.db.transaction(async (m) => {
      const tx = new DetectionRepository(m);
      const rolledBack = await tx.rollbackAbove(this.options.network, ancestor.blockNumber);
      await tx.saveCursor(this.options.network, ancestor);
      return rolledBack;
    });
    this.status.reorgs++;
    this.metrics.reorg(this.options.network, cursor.blockNumber - ancestor.blockNumber);
    this.logger.warn(
      `reorg: block ${cursor.blockNumber} replaced; rolled back to ${ancestor.blockNumber} ` +
        `(${removed} transfers removed, ${reversedTopics.length} settled payment references to settle again)`,
    );
    return ancestor;
  }

  /**
   * The newest block below `above` that both the chain and detection know with the same hash:
   * a block hash commits to its whole ancestry, so nothing at or below it changed. Candidates,
   * newest first and with no depth limit: the recent range ends, every block holding a stored
   * transfer, and the follower's origin. When none survived (a reorg below all of them), the
   * follower goes back to its origin and reads everything again from there: below the origin it
   * never read anything.
   */
  private async commonAncestor(above: number): Promise<Cursor> {
    const repo = new DetectionRepository(this.db.manager);
    for (let below = above; ;) {
      const known = await repo.knownBlocks(this.options.network, below, ANCESTOR_PAGE);
      if (known.length === 0) break;
      const onChain = await this.blocksAt(known.map((k) => k.number));
      const match = known.find((k, i) => onChain[i]?.hash === k.hash);
      if (match) return { blockNumber: match.number, blockHash: match.hash };
      below = known.at(-1)!.number;
    }
    const origin = (await repo.cursor(this.options.network))?.origin?.number ?? -1;
    const [block] = origin >= 0 ? await this.blocksAt([origin]) : [];
    return { blockNumber: block ? origin : -1, blockHash: block?.hash ?? '' };
  }

  /**
   * The chain's blocks of these numbers; undefined where the chain is now shorter than the number
   * (a reorg took the block away). A block at or below the head that does not come back (a node
   * behind its peers, a failed or partial read) says nothing about a reorg: the pass fails and is
   * retried, so a read the node did not answer never rolls back (nor reverses) a settled payment.
   */
  private async blocksAt(numbers: number[]): Promise<(BlockRef | undefined)[]> {
    const blocks = await Promise.all(numbers.map((n) => this.reader.block(n)));
    const missing = numbers.filter((_, i) => blocks[i] === undefined);
    if (missing.length === 0) return blocks;
    const head = await this.reader.head(); // read after the blocks: whatever it covers is on the chain now
    const unreadable = missing.filter((n) => n <= head);
    if (unreadable.length > 0) {
      throw new Error(`blocks ${unreadable.join(', ')} at or below the head (${head}) could not be read; the pass is retried`);
    }
    return blocks;
  }
}
