import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';
import { REFUND_COLUMNS, refundOfRow, type RefundRecord, type RefundRow } from './refunds.repository.js';

/**
 * The refunds table's reads and writes for refunds the platform's relayer sends from a deposit
 * forwarder (payee-signed) and for the transactions payees' wallets report (issue #35).
 */
export class ForwarderRefundsRepository {
  constructor(private readonly m: EntityManager) {}

  /** What the request's live forwarder refunds of `token` (null: native) take from what its forwarder holds. */
  async reservedFromForwarder(requestId: string, token: string | null): Promise<bigint> {
    const row = await sqlOne<{ total: string }>(
      this.m,
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM refunds
        WHERE request_id = $1 AND source = 'deposit_forwarder' AND status NOT IN ('failed', 'cancelled')
          AND lower(coalesce(token, '')) = lower(coalesce($2::text, ''))`,
      [requestId, token],
    );
    return BigInt(row?.total ?? '0');
  }

  /** Stores the payee's signature of a forwarder refund: awaiting_signature -> submitted (the relayer sends it); false otherwise. */
  async signed(id: string, signature: string): Promise<boolean> {
    const n = await sqlExecute(
      this.m,
      `UPDATE refunds SET status = 'submitted', signature = $2, updated_at = now()
        WHERE id = $1 AND status = 'awaiting_signature' AND source = 'deposit_forwarder'`,
      [id, signature],
    );
    return n === 1;
  }

  /** A network's signed forwarder refunds still in flight (submitted: not yet sent, or sent and not settled), oldest first. */
  async forwarderInFlight(network: string): Promise<RefundRecord[]> {
    const rows = await sqlRows<RefundRow>(
      this.m,
      `SELECT ${REFUND_COLUMNS} FROM refunds WHERE network = $1 AND source = 'deposit_forwarder' AND status = 'submitted'
        ORDER BY created_at, id LIMIT 100`,
      [network],
    );
    return rows.map(refundOfRow);
  }

  /** The payee's wallet says it sent a payee_wallet refund in `txHash` (kept while awaiting_signature); false otherwise. */
  async reported(id: string, txHash: string): Promise<boolean> {
    const n = await sqlExecute(
      this.m,
      `UPDATE refunds SET reported_tx_hash = $2, updated_at = now()
        WHERE id = $1 AND status = 'awaiting_signature' AND source = 'payee_wallet'`,
      [id, txHash],
    );
    return n === 1;
  }

  /** A network's payee_wallet refunds awaiting their signature with a reported transaction: chain-worker reads its receipt. */
  async reportedAwaiting(network: string): Promise<{ refund: RefundRecord; txHash: string }[]> {
    const rows = await sqlRows<RefundRow & { reported_tx_hash: string }>(
      this.m,
      `SELECT ${REFUND_COLUMNS}, reported_tx_hash FROM refunds
        WHERE network = $1 AND source = 'payee_wallet' AND status = 'awaiting_signature' AND reported_tx_hash IS NOT NULL
        ORDER BY created_at, id LIMIT 100`,
      [network],
    );
    return rows.map((r) => ({ refund: refundOfRow(r), txHash: r.reported_tx_hash }));
  }

  /** One refund locked FOR UPDATE (chain-worker's verdict on a forwarder refund). */
  async lockOne(id: string): Promise<RefundRecord | undefined> {
    const row = await sqlOne<RefundRow>(this.m, `SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1 FOR UPDATE`, [id]);
    return row && refundOfRow(row);
  }

  /** The relayer sent a forwarder refund's transaction. */
  async sent(id: string, txHash: string): Promise<void> {
    await sqlExecute(this.m, `UPDATE refunds SET tx_hash = $2, updated_at = now() WHERE id = $1 AND status = 'submitted'`, [id, txHash]);
  }
}
