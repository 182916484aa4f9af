import type { ProxyTransfer } from '@payrail/chains';
import type { EntityManager } from 'typeorm';
import { sqlRows } from '../sql/typed-query.js';

export interface Cursor {
  blockNumber: number;
  blockHash: string;
  /** ms since epoch; only where the source is read by time (Tron). */
  blockTimestamp?: number;
}

export interface BlockRef {
  number: number;
  hash: string;
  timestamp: number;
}

/** Cursors, recent block hashes and detected transfers of chain-worker's detection (raw SQL: set-based writes). */
export class DetectionRepository {
  constructor(private readonly m: EntityManager) {}

  async cursor(network: string): Promise<Cursor | undefined> {
    const rows = await this.m.query<{ block_number: string; block_hash: string; ms: string | null }[]>(
      'SELECT block_number::text, block_hash, (extract(epoch from block_timestamp) * 1000)::bigint::text AS ms FROM chain_cursors WHERE network = $1',
      [network],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { blockNumber: Number(row.block_number), blockHash: row.block_hash, ...(row.ms ? { blockTimestamp: Number(row.ms) } : {}) };
  }

  async saveCursor(network: string, cursor: Cursor): Promise<void> {
    await this.m.query(
      `INSERT INTO chain_cursors (network, block_number, block_hash, block_timestamp) VALUES ($1, $2, $3, to_timestamp($4::bigint / 1000.0))
       ON CONFLICT (network) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
         block_timestamp = EXCLUDED.block_timestamp, updated_at = now()`,
      [network, cursor.blockNumber, cursor.blockHash, cursor.blockTimestamp ?? null],
    );
  }

  /** Records read blocks and keeps the last `keep` of them. */
  async saveBlocks(network: string, blocks: BlockRef[], keep: number): Promise<void> {
    if (blocks.length === 0) return;
    await this.m.query(
      `INSERT INTO chain_blocks (network, block_number, block_hash, block_timestamp)
       SELECT $1, n, h, to_timestamp(t) FROM unnest($2::bigint[], $3::text[], $4::bigint[]) AS b(n, h, t)
       ON CONFLICT (network, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, block_timestamp = EXCLUDED.block_timestamp`,
      [network, blocks.map((b) => b.number), blocks.map((b) => b.hash), blocks.map((b) => b.timestamp)],
    );
    const newest = Math.max(...blocks.map((b) => b.number));
    await this.m.query('DELETE FROM chain_blocks WHERE network = $1 AND block_number <= $2', [network, newest - keep]);
  }

  async blockHash(network: string, blockNumber: number): Promise<string | undefined> {
    const rows = await this.m.query<{ block_hash: string }[]>(
      'SELECT block_hash FROM chain_blocks WHERE network = $1 AND block_number = $2',
      [network, blockNumber],
    );
    return rows[0]?.block_hash;
  }

  /** Which of these reference topics belong to our requests (the proxies are shared with everyone else's payments). */
  async knownTopics(network: string, topics: string[]): Promise<Set<string>> {
    if (topics.length === 0) return new Set();
    const rows = await this.m.query<{ reference_topic: string }[]>(
      'SELECT DISTINCT reference_topic FROM requests WHERE network = $1 AND reference_topic = ANY($2::text[])',
      [network, topics],
    );
    return new Set(rows.map((r) => r.reference_topic));
  }

  /** Stores transfers once each; returns how many were new. */
  async saveTransfers(network: string, transfers: (ProxyTransfer & { from: string | null; timestamp: number })[]): Promise<number> {
    let inserted = 0;
    for (const t of transfers) {
      const rows = await this.m.query<unknown[]>(
        `INSERT INTO payment_transfers (network, contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic,
           token, to_address, from_address, amount, fee_amount, fee_address)
         VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7), $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (network, tx_hash, log_index) DO NOTHING RETURNING id`,
        [
          network,
          t.contract,
          t.txHash,
          t.logIndex,
          t.blockNumber,
          t.blockHash,
          t.timestamp,
          t.referenceTopic,
          t.token,
          t.to,
          t.from,
          t.amount.toString(),
          t.feeAmount.toString(),
          t.feeAddress,
        ],
      );
      inserted += rows.length;
    }
    return inserted;
  }

  /**
   * Forgets everything above `ancestor` (a reorg replaced those blocks). Returns the reference
   * topics of removed transfers that had been settled, so their requests can be re-settled.
   */
  async rollbackAbove(network: string, ancestor: number): Promise<string[]> {
    const removed = await sqlRows<{ reference_topic: string }>(
      this.m,
      'DELETE FROM payment_transfers WHERE network = $1 AND block_number > $2 RETURNING reference_topic',
      [network, ancestor],
    );
    await this.m.query('DELETE FROM chain_blocks WHERE network = $1 AND block_number > $2', [network, ancestor]);
    return [...new Set(removed.map((r) => r.reference_topic))];
  }
}
