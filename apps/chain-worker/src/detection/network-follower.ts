import { Logger } from '@nestjs/common';
import { DetectionRepository, type Cursor } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { BlockReader } from './block-reader.js';

export interface FollowerOptions {
  network: string;
  /** Blocks a payment must be buried under before it is settled (0: settle at once). */
  confirmations: number;
  /** Largest eth_getLogs range. */
  maxRange: number;
  /** A new cursor starts this many blocks behind the head. */
  backfill: number;
  /** Recent block hashes kept to find the common ancestor of a reorg. */
  keepBlocks: number;
}

export interface FollowStatus {
  head: number;
  cursor: number;
  lag: number;
  detected: number;
  reorgs: number;
}

/** Called after each pass with the newest block buried under enough confirmations, and the topics a reorg touched. */
export type Settle = (network: string, confirmedThrough: number, reorgedTopics: string[]) => Promise<void>;

/**
 * Follows one network: reads the fee proxies' payment logs from a cursor stored in Postgres in
 * bounded ranges, checks the cursor block's hash first and rolls back what a reorg removed, and
 * stores transfers, block hashes and the cursor in one transaction (a crash mid-range rereads it;
 * transfers are unique by tx hash and log index, so nothing is counted twice).
 */
export class NetworkFollower {
  private readonly logger: Logger;
  readonly status: FollowStatus = { head: 0, cursor: 0, lag: 0, detected: 0, reorgs: 0 };

  constructor(
    private readonly db: DataSource,
    private readonly reader: BlockReader,
    private readonly options: FollowerOptions,
    private readonly settle: Settle,
  ) {
    this.logger = new Logger(`Detection:${options.network}`);
  }

  /** One pass; returns whether more blocks are waiting (call again at once). */
  async pass(): Promise<boolean> {
    const { network } = this.options;
    const head = await this.reader.head();
    const repo = new DetectionRepository(this.db.manager);
    let cursor = (await repo.cursor(network)) ?? (await this.initialCursor(head));
    const reorged = await this.checkReorg(cursor);
    if (reorged) cursor = reorged.cursor;
    const from = cursor.blockNumber + 1;
    const to = Math.min(head, cursor.blockNumber + this.options.maxRange);
    if (from <= to) {
      const read = await this.reader.transfers(from, to);
      const ours = await repo.knownTopics(network, [...new Set(read.transfers.map((t) => t.referenceTopic))]);
      const transfers = read.transfers.filter((t) => ours.has(t.referenceTopic));
      const blocks = read.blocks;
      const toBlock = blocks.find((b) => b.number === to);
      if (!toBlock) throw new Error(`block ${to} vanished while reading ${network}`);
      await this.db.transaction(async (m) => {
        const tx = new DetectionRepository(m);
        this.status.detected += await tx.saveTransfers(network, transfers);
        await tx.saveBlocks(network, blocks, this.options.keepBlocks);
        await tx.saveCursor(network, { blockNumber: to, blockHash: toBlock.hash });
      });
      cursor = { blockNumber: to, blockHash: toBlock.hash };
    }
    Object.assign(this.status, { head, cursor: cursor.blockNumber, lag: head - cursor.blockNumber });
    await this.settle(network, Math.min(cursor.blockNumber, head - this.options.confirmations), reorged?.topics ?? []);
    return to < head;
  }

  private async initialCursor(head: number): Promise<Cursor> {
    const start = Math.max(0, head - this.options.backfill);
    return { blockNumber: start - 1, blockHash: start === 0 ? '' : ((await this.reader.block(start - 1))?.hash ?? '') };
  }

  /** When the cursor's block is no longer on the chain: find the newest block we both know, forget everything above it. */
  private async checkReorg(cursor: Cursor): Promise<{ cursor: Cursor; topics: string[] } | undefined> {
    if (cursor.blockNumber < 0 || cursor.blockHash === '') return undefined;
    const onChain = await this.reader.block(cursor.blockNumber);
    if (onChain?.hash === cursor.blockHash) return undefined;
    const repo = new DetectionRepository(this.db.manager);
    let ancestor = cursor.blockNumber - 1;
    for (; ancestor >= 0 && ancestor > cursor.blockNumber - this.options.keepBlocks; ancestor--) {
      const known = await repo.blockHash(this.options.network, ancestor);
      if (known === undefined) continue;
      if ((await this.reader.block(ancestor))?.hash === known) break;
    }
    ancestor = Math.max(ancestor, -1);
    const topics = await this.db.transaction(async (m) => {
      const tx = new DetectionRepository(m);
      const removed = await tx.rollbackAbove(this.options.network, ancestor);
      const hash = ancestor >= 0 ? ((await this.reader.block(ancestor))?.hash ?? '') : '';
      await tx.saveCursor(this.options.network, { blockNumber: ancestor, blockHash: hash });
      return removed;
    });
    this.status.reorgs++;
    this.logger.warn(
      `reorg: block ${cursor.blockNumber} replaced; rolled back to ${ancestor} (${topics.length} payment references touched)`,
    );
    return { cursor: { blockNumber: ancestor, blockHash: ancestor >= 0 ? ((await this.reader.block(ancestor))?.hash ?? '') : '' }, topics };
  }
}
