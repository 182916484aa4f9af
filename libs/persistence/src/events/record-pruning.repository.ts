import type { EntityManager } from 'typeorm';
import { sqlExecute } from '../sql/typed-query.js';

/**
 * Records other than events and deliveries that only grow, pruned in this order:
 * - `idempotency-keys`: keys past their expiry (a replay after it is answered as a new request anyway);
 * - `payment-intents`: intents chain-worker processed more than the retention ago (a repeated report
 *   of the same transaction after that is stored and checked again: settlement reads the chain, not the intent).
 * Chain data that is NOT pruned (docs/operations.md, Retention): payment_transfers (settlement
 * recomputes a request from all its transfers, so a late payment to an old reference would count
 * a pruned one as reversed; reorg ancestors are searched among their blocks), reversed_transfers
 * (reversals not yet settled again; settlement deletes them) and chain_blocks (detection keeps
 * only the newest blocks already).
 */
export const PRUNED_KINDS = ['idempotency-keys', 'payment-intents'] as const;
export type PrunedKind = (typeof PRUNED_KINDS)[number];

/**
 * One batch of at most `limit` rows per statement, oldest first along an index, with FOR UPDATE
 * SKIP LOCKED (a row another transaction holds is left for the next pass, never waited on), each
 * statement its own short transaction. Answers the rows deleted.
 */
export class RecordPruningRepository {
  constructor(private readonly manager: EntityManager) {}

  deleteBatch(kind: PrunedKind, retentionDays: number, limit: number): Promise<number> {
    return sqlExecute(this.manager, STATEMENTS[kind], [retentionDays, limit]);
  }
}

const STATEMENTS: Record<PrunedKind, string> = {
  // $1 unused: a key's own expiry is its retention.
  'idempotency-keys': `DELETE FROM idempotency_keys WHERE ctid IN (
      SELECT ctid FROM idempotency_keys WHERE expires_at <= now() AND $1::int IS NOT NULL
       ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  'payment-intents': `DELETE FROM payment_intents WHERE id IN (
      SELECT id FROM payment_intents WHERE processed_at < now() - make_interval(days => $1::int)
       ORDER BY processed_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
};
