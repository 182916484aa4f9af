import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne, sqlRows } from '../sql/typed-query.js';

export const REFUND_STATUSES = ['awaiting_signature', 'submitted', 'confirmed', 'failed', 'cancelled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Who pays a refund back: the payee's wallet, or the deposit forwarder holding the funds (payee-signed, relayer-sent). */
export type RefundSource = 'payee_wallet' | 'deposit_forwarder';

/** What the payee signs for a forwarder refund (null on a payee_wallet refund). */
export interface ForwarderRefundTerms {
  /** The request's deposit address. */
  forwarder: string;
  /** 0x + 64 hex: the refund id the forwarder consumes (keccak256 of the refund's id). */
  refundKey: string;
  deadline: Date;
}

/** A refund as stored (amount in base units of the request's payment currency). */
export interface RefundRecord {
  id: string;
  requestId: string;
  platformId: string;
  exceptionId: string | null;
  network: string;
  /** The payment currency's id (e.g. `fUSDC-sepolia`). */
  currency: string;
  /** The token contract, or null for the network's native currency. */
  token: string | null;
  decimals: number;
  /** The fee proxy the refund goes through (the request's). */
  proxy: string;
  /** The wallet that sends it: the request's payee. */
  from: string;
  to: string;
  amount: bigint;
  paymentReference: string;
  referenceTopic: string;
  status: RefundStatus;
  failureReason: string | null;
  txHash: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  source: RefundSource;
  forwarderRefund: ForwarderRefundTerms | null;
  /** The payee's EIP-712 signature of a forwarder refund, once given. */
  signature: string | null;
}

export type NewRefund = Omit<RefundRecord, 'status' | 'failureReason' | 'txHash' | 'confirmedAt' | 'createdAt' | 'signature'>;

export interface RefundRow {
  id: string;
  request_id: string;
  platform_id: string;
  exception_id: string | null;
  network: string;
  currency: string;
  token: string | null;
  decimals: number;
  proxy: string;
  from_address: string;
  to_address: string;
  amount: string;
  payment_reference: string;
  reference_topic: string;
  status: RefundStatus;
  failure_reason: string | null;
  tx_hash: string | null;
  confirmed_at: Date | null;
  created_at: Date;
  source: RefundSource;
  refund_key: string | null;
  forwarder: string | null;
  deadline: Date | null;
  signature: string | null;
}

export const REFUND_COLUMNS = `id, request_id, platform_id, exception_id, network, currency, token, decimals, proxy, from_address, to_address,
  amount::text AS amount, payment_reference, reference_topic, status, failure_reason, tx_hash, confirmed_at, created_at,
  source, refund_key, forwarder, deadline, signature`;

export const refundOfRow = (r: RefundRow): RefundRecord => ({
  id: r.id,
  requestId: r.request_id,
  platformId: r.platform_id,
  exceptionId: r.exception_id,
  network: r.network,
  currency: r.currency,
  token: r.token,
  decimals: r.decimals,
  proxy: r.proxy,
  from: r.from_address,
  to: r.to_address,
  amount: BigInt(r.amount),
  paymentReference: r.payment_reference,
  referenceTopic: r.reference_topic,
  status: r.status,
  failureReason: r.failure_reason,
  txHash: r.tx_hash,
  confirmedAt: r.confirmed_at,
  createdAt: r.created_at,
  source: r.source,
  forwarderRefund:
    r.forwarder && r.refund_key && r.deadline ? { forwarder: r.forwarder, refundKey: r.refund_key, deadline: r.deadline } : null,
  signature: r.signature,
});

/** Reads and writes of the refunds table (payments-api creates them, chain-worker confirms them). */
export class RefundsRepository {
  constructor(private readonly m: EntityManager) {}

  /**
   * Locks the request row a refund is created against (FOR UPDATE, in the caller's transaction):
   * refunds of one request are created one at a time, so the refundable amount read next is exact.
   */
  async lockRequest(requestId: string): Promise<boolean> {
    return (await sqlRows(this.m, 'SELECT id FROM requests WHERE id = $1 FOR UPDATE', [requestId])).length === 1;
  }

  /** The refund linked to this exception that has not failed (awaiting its signature, submitted or confirmed), if any. */
  async liveForException(requestId: string, exceptionId: string): Promise<string | null> {
    const row = await sqlOne<{ id: string }>(
      this.m,
      `SELECT id FROM refunds WHERE request_id = $1 AND exception_id = $2 AND status NOT IN ('failed', 'cancelled')
        ORDER BY created_at, id LIMIT 1`,
      [requestId, exceptionId],
    );
    return row?.id ?? null;
  }

  /** What the request's payee-wallet refunds that have not failed (nor were cancelled) take from what it was paid, in base units. */
  async reserved(requestId: string): Promise<bigint> {
    const row = await sqlOne<{ total: string }>(
      this.m,
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM refunds
        WHERE request_id = $1 AND source = 'payee_wallet' AND status NOT IN ('failed', 'cancelled')`,
      [requestId],
    );
    return BigInt(row?.total ?? '0');
  }

  /** awaiting_signature -> cancelled; false when the refund had moved on (signed, sent, settled). */
  async cancel(id: string): Promise<boolean> {
    const n = await sqlExecute(
      this.m,
      `UPDATE refunds SET status = 'cancelled', failure_reason = 'cancelled', updated_at = now() WHERE id = $1 AND status = 'awaiting_signature'`,
      [id],
    );
    return n === 1;
  }

  /** The refunded request's identity on events: its payment reference, public Client ID and orchestrator. */
  async requestIdentity(requestId: string): Promise<{ paymentReference: string; clientId: string | null; orchestratorId: string | null }> {
    const row = await sqlOne<{ payment_reference: string; client_id: string | null; orchestrator_id: string | null }>(
      this.m,
      `SELECT r.payment_reference, c.client_id, r.orchestrator_id FROM requests r LEFT JOIN client_ids c ON c.id = r.client_id_id
        WHERE r.id = $1`,
      [requestId],
    );
    if (!row) throw new Error(`request ${requestId} not found`);
    return { paymentReference: row.payment_reference, clientId: row.client_id, orchestratorId: row.orchestrator_id };
  }

  /**
   * Whether the request was paid through its deposit address (swept, or a sweep under way): then the
   * payment's sender is the relayer and the funds came from an exchange or a plain wallet transfer,
   * never a refund address. Every watched request has a deposit row; only a sweep says it was used.
   */
  async paidThroughDeposit(requestId: string): Promise<boolean> {
    const rows = await sqlRows(this.m, `SELECT 1 FROM deposit_addresses WHERE request_id = $1 AND status IN ('sweeping', 'swept')`, [
      requestId,
    ]);
    return rows.length > 0;
  }

  /** The request's paid amount, read under the lock of lockRequest. */
  async amountPaid(requestId: string): Promise<bigint> {
    const row = await sqlOne<{ amount_paid: string }>(this.m, 'SELECT amount_paid::text FROM requests WHERE id = $1', [requestId]);
    return BigInt(row?.amount_paid ?? '0');
  }

  async insert(refund: NewRefund): Promise<void> {
    await sqlExecute(
      this.m,
      `INSERT INTO refunds (id, request_id, platform_id, exception_id, network, currency, token, decimals, proxy, from_address, to_address,
         amount, payment_reference, reference_topic, source, forwarder, refund_key, deadline)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        refund.id,
        refund.requestId,
        refund.platformId,
        refund.exceptionId,
        refund.network,
        refund.currency,
        refund.token,
        refund.decimals,
        refund.proxy,
        refund.from,
        refund.to,
        refund.amount.toString(),
        refund.paymentReference,
        refund.referenceTopic,
        refund.source,
        refund.forwarderRefund?.forwarder ?? null,
        refund.forwarderRefund?.refundKey ?? null,
        refund.forwarderRefund?.deadline ?? null,
      ],
    );
  }

  /** A request's refunds, oldest first. */
  async ofRequest(requestId: string): Promise<RefundRecord[]> {
    const rows = await sqlRows<RefundRow>(this.m, `SELECT ${REFUND_COLUMNS} FROM refunds WHERE request_id = $1 ORDER BY created_at, id`, [
      requestId,
    ]);
    return rows.map(refundOfRow);
  }

  async byId(requestId: string, refundId: string): Promise<RefundRecord | undefined> {
    const row = await sqlOne<RefundRow>(this.m, `SELECT ${REFUND_COLUMNS} FROM refunds WHERE request_id = $1 AND id = $2`, [
      requestId,
      refundId,
    ]);
    return row && refundOfRow(row);
  }

  /** The refunds of these payment reference topics, locked FOR UPDATE in id order (settlement). */
  async lockByTopics(network: string, topics: string[]): Promise<RefundRecord[]> {
    if (topics.length === 0) return [];
    const rows = await sqlRows<RefundRow>(
      this.m,
      `SELECT ${REFUND_COLUMNS} FROM refunds WHERE network = $1 AND reference_topic = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      [network, topics],
    );
    return rows.map(refundOfRow);
  }

  /** Which of these topics are refunds' (detection keeps their transfers like a request's). */
  async knownTopics(network: string, topics: string[]): Promise<string[]> {
    if (topics.length === 0) return [];
    const rows = await sqlRows<{ reference_topic: string }>(
      this.m,
      'SELECT reference_topic FROM refunds WHERE network = $1 AND reference_topic = ANY($2::text[])',
      [network, topics],
    );
    return rows.map((r) => r.reference_topic);
  }

  /**
   * Detection saw a transaction paying these refunds (not yet under its confirmations): refunds
   * still awaiting their signature move to `submitted` with its hash.
   */
  async markSubmitted(network: string, seen: { topic: string; txHash: string }[]): Promise<number> {
    if (seen.length === 0) return 0;
    return sqlExecute(
      this.m,
      `UPDATE refunds r SET status = 'submitted', tx_hash = s.tx_hash, updated_at = now()
         FROM unnest($2::text[], $3::text[]) AS s(topic, tx_hash)
        WHERE r.network = $1 AND r.reference_topic = s.topic AND r.status = 'awaiting_signature'`,
      [network, seen.map((s) => s.topic), seen.map((s) => s.txHash)],
    );
  }

  /** What the request's confirmed payee-wallet refunds gave back of its payment, in base units (forwarder refunds return funds the payee never received). */
  async confirmedTotal(requestId: string): Promise<bigint> {
    const row = await sqlOne<{ total: string }>(
      this.m,
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM refunds WHERE request_id = $1 AND status = 'confirmed' AND source = 'payee_wallet'`,
      [requestId],
    );
    return BigInt(row?.total ?? '0');
  }

  /** Settlement's verdict on a refund. */
  async settle(id: string, change: { status: RefundStatus; txHash: string | null; failureReason: string | null }): Promise<void> {
    await sqlExecute(
      this.m,
      `UPDATE refunds SET status = $2, tx_hash = $3, failure_reason = $4, updated_at = now(),
              confirmed_at = CASE WHEN $2 = 'confirmed' THEN COALESCE(confirmed_at, now()) ELSE NULL END
        WHERE id = $1`,
      [id, change.status, change.txHash, change.failureReason],
    );
  }
}
