import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';

/** A stored transfer as settlement reads it (payment_transfers; money as text). */
export interface SettlementTransferRow {
  contract: string;
  tx_hash: string;
  log_index: number;
  from_address: string | null;
  block_timestamp: Date;
  token: string | null;
  to_address: string;
  amount: string;
  fee_amount: string;
  fee_address: string;
  settled_at: Date | null;
}

/** A settled transfer a reorg removed (reversed_transfers). */
export type ReversedTransferRow = Pick<
  SettlementTransferRow,
  'contract' | 'tx_hash' | 'token' | 'to_address' | 'amount' | 'fee_amount' | 'fee_address'
>;

/** A transfer's fiat value at settlement, as recordFiat stores it (decimal strings). */
export interface TransferFiat {
  txHash: string;
  logIndex: number;
  currency: string;
  value: string;
  rate: string;
  source: string;
  at: Date;
}

const COLUMNS = 'contract, tx_hash, token, to_address, amount::text, fee_amount::text, fee_address';
const TRANSFER_COLUMNS = `${COLUMNS}, log_index, from_address, block_timestamp, settled_at`;
const REVERSED_COLUMNS = COLUMNS;

/**
 * Settlement's reads and writes of the detected transfers of a network, by payment reference
 * topic: which topics have something to settle up to a confirmed block, their transfers, the
 * transfers a reorg took away (taken once), and the mark of what was settled.
 */
export class SettlementTransfersRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The topics with an unsettled transfer confirmed by `confirmedThrough`, or a reversed transfer. */
  async readyTopics(network: string, confirmedThrough: number): Promise<string[]> {
    const rows = await sqlRows<{ reference_topic: string }>(
      this.manager,
      `SELECT reference_topic FROM payment_transfers WHERE network = $1 AND settled_at IS NULL AND block_number <= $2
       UNION SELECT reference_topic FROM reversed_transfers WHERE network = $1`,
      [network, confirmedThrough],
    );
    return rows.map((r) => r.reference_topic);
  }

  /** The transfers of these topics that are settled or confirmed, in chain order. */
  transfersOf(
    network: string,
    topics: string[],
    confirmedThrough: number,
  ): Promise<(SettlementTransferRow & { reference_topic: string })[]> {
    return sqlRows<SettlementTransferRow & { reference_topic: string }>(
      this.manager,
      `SELECT reference_topic, ${TRANSFER_COLUMNS} FROM payment_transfers
        WHERE network = $1 AND reference_topic = ANY($2::text[]) AND (settled_at IS NOT NULL OR block_number <= $3)
        ORDER BY block_number, log_index`,
      [network, topics, confirmedThrough],
    );
  }

  /** Deletes and answers the reversed transfers of these topics (take them under the request locks). */
  takeReversed(network: string, topics: string[]): Promise<(ReversedTransferRow & { reference_topic: string })[]> {
    return sqlRows<ReversedTransferRow & { reference_topic: string }>(
      this.manager,
      `DELETE FROM reversed_transfers WHERE network = $1 AND reference_topic = ANY($2::text[]) RETURNING reference_topic, ${REVERSED_COLUMNS}`,
      [network, topics],
    );
  }

  /**
   * Stores each transfer's fiat value at settlement (before markSettled, in its transaction): only
   * on a transfer not settled yet, so a value once recorded is never recomputed.
   */
  async recordFiat(network: string, rows: TransferFiat[]): Promise<void> {
    if (rows.length === 0) return;
    const column = <K extends keyof TransferFiat>(key: K) => rows.map((r) => r[key]);
    await sqlExecute(
      this.manager,
      `UPDATE payment_transfers t
          SET fiat_currency = f.currency, fiat_value = f.value::numeric, fiat_rate = f.rate::numeric,
              fiat_rate_source = f.source, fiat_rate_at = f.at
         FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
              AS f(tx_hash, log_index, currency, value, rate, source, at)
        WHERE t.network = $1 AND t.tx_hash = f.tx_hash AND t.log_index = f.log_index AND t.settled_at IS NULL`,
      [network, column('txHash'), column('logIndex'), column('currency'), column('value'), column('rate'), column('source'), column('at')],
    );
  }

  /** Marks the confirmed, unsettled transfers of these topics settled now. */
  async markSettled(network: string, topics: string[], confirmedThrough: number): Promise<void> {
    await sqlExecute(
      this.manager,
      `UPDATE payment_transfers SET settled_at = now()
        WHERE network = $1 AND reference_topic = ANY($2::text[]) AND block_number <= $3 AND settled_at IS NULL`,
      [network, topics, confirmedThrough],
    );
  }
}
