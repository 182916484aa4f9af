import { type TronGridEventSource } from '@payrail/chains';
import { DetectionRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { traceBlockPass } from '../shared/chain-tracing.js';
import type { FollowStatus, Settle } from './network-follower.js';

/**
 * Follows the Tron fee proxy through a TronGrid-compatible API: confirmed events only (so no
 * reorg handling), read by block time from a cursor in Postgres, stored once by (tx, event
 * index), then settled exactly like the EVM networks.
 */
export class TronFollower {
  readonly status: FollowStatus = { head: 0, cursor: 0, lag: 0, detected: 0, reorgs: 0 };

  constructor(
    private readonly db: DataSource,
    private readonly source: TronGridEventSource,
    private readonly proxy: string,
    private readonly settle: Settle,
    private readonly backfillMs = 24 * 3600 * 1000,
  ) {}

  async pass(): Promise<boolean> {
    const repo = new DetectionRepository(this.db.manager);
    const cursor = await repo.cursor('tron');
    const since = cursor?.blockTimestamp ?? Date.now() - this.backfillMs;
    const events = await this.source.transfersSince(this.proxy, since);
    const ours = await repo.knownTopics('tron', [...new Set(events.map((e) => e.referenceTopic))]);
    const mine = events.filter((e) => ours.has(e.referenceTopic));
    const newest = events.at(-1);
    const senders = await this.sendersOf(mine.map((e) => e.txHash));
    await this.db.transaction(async (m) => {
      const tx = new DetectionRepository(m);
      this.status.detected += await tx.saveTransfers(
        'tron',
        mine.map((e) => ({ ...e, blockHash: '', from: senders.get(e.txHash) ?? null, timestamp: Math.floor(e.blockTimestamp / 1000) })),
      );
      if (newest) await tx.saveCursor('tron', { blockNumber: newest.blockNumber, blockHash: '', blockTimestamp: newest.blockTimestamp });
    });
    const through = newest?.blockNumber ?? cursor?.blockNumber ?? 0;
    Object.assign(this.status, { head: through, cursor: through, lag: 0 });
    await traceBlockPass(
      { network: 'tron', head: through, block: { blockNumber: through, blockHash: '' }, confirmedThrough: through },
      () => this.settle('tron', through),
    );
    return false;
  }

  /**
   * Who signed each of our payments (the payment.confirmed `payerAddress`). Informational: a
   * lookup that fails leaves that payer null rather than holding the payment back.
   */
  private async sendersOf(txHashes: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(txHashes)];
    const found = await Promise.all(unique.map((h) => this.source.senderOf(h).catch(() => undefined)));
    return new Map(unique.flatMap((h, i): [string, string][] => (found[i] ? [[h, found[i]]] : [])));
  }
}
