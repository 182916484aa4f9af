import type { ProxyTransfer } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';

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

/** A block whose hash detection stored, to compare with the chain after a reorg. */
export interface KnownBlock {
  number: number;
  hash: string;
}

/**
 * Cursors, block hashes and detected transfers of chain-worker's detection (raw SQL: set-based
 * writes). A cursor also keeps its origin: the block the follower started after, never moved.
 */
export class DetectionRepository {
  constructor(private readonly m: EntityManager) {}

  async cursor(network: string): Promise<(Cursor & { origin: KnownBlock | undefined }) | undefined> {
    const [row] = await sqlRows<{
      block_number: string;
      block_hash: string;
      ms: string | null;
      origin: string | null;
      origin_hash: string | null;
    }>(
      this.m,
      `SELECT block_number::text, block_hash, (extract(epoch from block_timestamp) * 1000)::bigint::text AS ms,
              origin_block_number::text AS origin, origin_block_hash AS origin_hash
         FROM chain_cursors WHERE network = $1`,
      [network],
    );
    if (!row) return undefined;
    return {
      blockNumber: Number(row.block_number),
      blockHash: row.block_hash,
      ...(row.ms ? { blockTimestamp: Number(row.ms) } : {}),
      origin: row.origin === null ? undefined : { number: Number(row.origin), hash: row.origin_hash ?? '' },
    };
  }

  /** Moves the cursor; the first cursor of a network is also its origin. */
  async saveCursor(network: string, cursor: Cursor): Promise<void> {
    await sqlExecute(
      this.m,
      `INSERT INTO chain_cursors (network, block_number, block_hash, block_timestamp, origin_block_number, origin_block_hash)
       VALUES ($1, $2, $3, to_timestamp($4::bigint / 1000.0), $2, $3)
       ON CONFLICT (network) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
         block_timestamp = EXCLUDED.block_timestamp, updated_at = now()`,
      [network, cursor.blockNumber, cursor.blockHash, cursor.blockTimestamp ?? null],
    );
  }

  /** Records read blocks and keeps the last `keep` of them. */
  async saveBlocks(network: string, blocks: BlockRef[], keep: number): Promise<void> {
    if (blocks.length === 0) return;
    await sqlExecute(
      this.m,
      `INSERT INTO chain_blocks (network, block_number, block_hash, block_timestamp)
       SELECT $1, n, h, to_timestamp(t) FROM unnest($2::bigint[], $3::text[], $4::bigint[]) AS b(n, h, t)
       ON CONFLICT (network, block_number) DO UPDATE SET block_hash = EXCLUDED.block_hash, block_timestamp = EXCLUDED.block_timestamp`,
      [network, blocks.map((b) => b.number), blocks.map((b) => b.hash), blocks.map((b) => b.timestamp)],
    );
    const newest = Math.max(...blocks.map((b) => b.number));
    await sqlExecute(this.m, 'DELETE FROM chain_blocks WHERE network = $1 AND block_number <= $2', [network, newest - keep]);
  }

  /**
   * The newest `limit` blocks below `below` whose hash detection knows, newest first: the recent
   * range ends, every block holding a stored transfer (kept as long as the transfer), and the origin.
   * Ordered by the bigint block number, never by its text (where "99" comes before "100").
   */
  async knownBlocks(network: string, below: number, limit: number): Promise<KnownBlock[]> {
    const rows = await sqlRows<{ n: string; h: string }>(
      this.m,
      `SELECT known.block_number::text AS n, known.block_hash AS h FROM (
         SELECT block_number, block_hash FROM chain_blocks WHERE network = $1 AND block_number < $2
         UNION SELECT block_number, block_hash FROM payment_transfers WHERE network = $1 AND block_number < $2 AND block_hash <> ''
         UNION SELECT origin_block_number, origin_block_hash FROM chain_cursors
                WHERE network = $1 AND origin_block_number < $2 AND origin_block_hash <> ''
       ) known ORDER BY known.block_number DESC LIMIT $3`,
      [network, below, limit],
    );
    return rows.map((r) => ({ number: Number(r.n), hash: r.h }));
  }

  /** Which of these reference topics belong to our requests (the proxies are shared with everyone else's payments). */
  async knownTopics(network: string, topics: string[]): Promise<Set<string>> {
    if (topics.length === 0) return new Set();
    const rows = await sqlRows<{ reference_topic: string }>(
      this.m,
      // A refund's reference is watched like a request's (refunds are paid through the same fee proxies).
      `SELECT reference_topic FROM requests WHERE network = $1 AND reference_topic = ANY($2::text[])
       UNION SELECT reference_topic FROM refunds WHERE network = $1 AND reference_topic = ANY($2::text[])`,
      [network, topics],
    );
    return new Set(rows.map((r) => r.reference_topic));
  }

  /** Stores transfers once each, in one statement, each with its request's platform (the payments search's scope); returns how many were new. */
  async saveTransfers(network: string, transfers: (ProxyTransfer & { from: string | null; timestamp: number })[]): Promise<number> {
    if (transfers.length === 0) return 0;
    const column = <T>(f: (t: (typeof transfers)[number]) => T) => transfers.map(f);
    return sqlExecute(
      this.m,
      `INSERT INTO payment_transfers (network, contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic,
         token, to_address, from_address, amount, fee_amount, fee_address, platform_id)
       SELECT $1, t.contract, t.tx_hash, t.log_index, t.block_number, t.block_hash, to_timestamp(t.block_timestamp), t.reference_topic,
              t.token, t.to_address, t.from_address, t.amount, t.fee_amount, t.fee_address,
              (SELECT r.platform_id FROM requests r WHERE r.network = $1 AND r.reference_topic = t.reference_topic LIMIT 1)
         FROM unnest($2::text[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::text[],
                     $11::text[], $12::numeric[], $13::numeric[], $14::text[])
           AS t(contract, tx_hash, log_index, block_number, block_hash, block_timestamp, reference_topic, token, to_address, from_address,
                amount, fee_amount, fee_address)
       ON CONFLICT (network, tx_hash, log_index) DO NOTHING`,
      [
        network,
        column((t) => t.contract),
        column((t) => t.txHash),
        column((t) => t.logIndex),
        column((t) => t.blockNumber),
        column((t) => t.blockHash),
        column((t) => t.timestamp),
        column((t) => t.referenceTopic),
        column((t) => t.token),
        column((t) => t.to),
        column((t) => t.from),
        column((t) => t.amount.toString()),
        column((t) => t.feeAmount.toString()),
        column((t) => t.feeAddress),
      ],
    );
  }

  /**
   * Forgets everything above `ancestor` (a reorg replaced those blocks). Settled transfers among
   * the removed ones are kept in reversed_transfers (same transaction) until settlement has settled
   * their requests again. Returns how many transfers were removed and the topics to re-settle.
   */
  async rollbackAbove(network: string, ancestor: number): Promise<{ removed: number; reversedTopics: string[] }> {
    const removed = await sqlRows<{ reference_topic: string; settled: boolean }>(
      this.m,
      `WITH removed AS (DELETE FROM payment_transfers WHERE network = $1 AND block_number > $2 RETURNING *),
            reversed AS (
              INSERT INTO reversed_transfers (network, reference_topic, contract, tx_hash, log_index, block_number, token, to_address,
                amount, fee_amount, fee_address)
              SELECT network, reference_topic, contract, tx_hash, log_index, block_number, token, to_address, amount, fee_amount, fee_address
                FROM removed WHERE settled_at IS NOT NULL)
       SELECT reference_topic, settled_at IS NOT NULL AS settled FROM removed`,
      [network, ancestor],
    );
    await sqlExecute(this.m, 'DELETE FROM chain_blocks WHERE network = $1 AND block_number > $2', [network, ancestor]);
    // A refund seen but not yet confirmed whose transaction the reorg removed waits for its signature again.
    await sqlExecute(
      this.m,
      `UPDATE refunds SET status = 'awaiting_signature', tx_hash = NULL, updated_at = now()
        WHERE network = $1 AND status = 'submitted'
          AND NOT EXISTS (SELECT 1 FROM payment_transfers p WHERE p.network = $1 AND p.reference_topic = refunds.reference_topic)`,
      [network],
    );
    return { removed: removed.length, reversedTopics: [...new Set(removed.filter((r) => r.settled).map((r) => r.reference_topic))] };
  }
}
