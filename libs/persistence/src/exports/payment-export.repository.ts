import type { QueryRunner } from 'typeorm';
import { SqlParams } from '../listing/keyset.js';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';

/** Filters of the payments export (validated before they get here); all combined with AND. */
export interface PaymentExportFilter {
  /** The payment's block time >= from. */
  from?: Date;
  /** The payment's block time < to. */
  to?: Date;
  /** The request's status. */
  status?: string;
  network?: string;
  /** The public Client ID the request was created with. */
  clientId?: string;
}

/** One payment (a fee-proxy transfer to one of the platform's requests) as the export reads it; money in base units, as text. */
export interface PaymentExportRow {
  request_id: string;
  reference: string | null;
  payment_reference: string;
  status: string;
  network: string;
  payment_currency: string;
  currency_decimals: number;
  amount: string;
  fee_amount: string;
  payer: string | null;
  from_address: string | null;
  payee: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_timestamp: Date;
  settled_at: Date | null;
  invoice_currency: string;
  invoice_amount: string;
  invoice_decimals: number;
  fiat_currency: string | null;
  fiat_value: string | null;
  fiat_rate: string | null;
  fiat_rate_source: string | null;
  fiat_rate_at: Date | null;
  /** The relayer gas of the deposit sweep this transfer is (native units), else null. */
  sweep_gas_cost: string | null;
  client_id: string | null;
  exceptions: { kind: string; status: string }[];
  refunds: { amount: string; decimals: number; status: string; tx_hash: string | null }[];
}

function paymentExportQuery(platformId: string, filter: PaymentExportFilter): { sql: string; params: unknown[] } {
  const p = new SqlParams();
  const where = [`r.platform_id = ${p.add(platformId)}`];
  if (filter.from) where.push(`t.block_timestamp >= ${p.add(filter.from)}`);
  if (filter.to) where.push(`t.block_timestamp < ${p.add(filter.to)}`);
  if (filter.status) where.push(`r.status = ${p.add(filter.status)}`);
  if (filter.network) where.push(`t.network = ${p.add(filter.network)}`);
  if (filter.clientId) where.push(`c.client_id = ${p.add(filter.clientId)}`);
  const sql = `
    SELECT r.id AS request_id, r.reference, r.payment_reference, r.status, r.network, r.payment_currency, r.currency_decimals,
           t.amount::text AS amount, t.fee_amount::text AS fee_amount, r.payer, t.from_address, r.payee, t.tx_hash, t.log_index,
           t.block_number::text AS block_number, t.block_timestamp, t.settled_at,
           r.invoice_currency, r.invoice_amount::text AS invoice_amount, r.invoice_decimals,
           t.fiat_currency, t.fiat_value::text AS fiat_value, t.fiat_rate::text AS fiat_rate, t.fiat_rate_source, t.fiat_rate_at,
           d.sweep_gas_cost::text AS sweep_gas_cost, c.client_id,
           COALESCE((SELECT json_agg(json_build_object('kind', e.kind, 'status', e.status) ORDER BY e.created_at, e.id)
                       FROM payment_exceptions e WHERE e.request_id = r.id), '[]'::json) AS exceptions,
           COALESCE((SELECT json_agg(json_build_object('amount', f.amount::text, 'decimals', f.decimals, 'status', f.status,
                                                       'tx_hash', f.tx_hash) ORDER BY f.created_at, f.id)
                       FROM refunds f WHERE f.request_id = r.id), '[]'::json) AS refunds
      FROM payment_transfers t
      JOIN requests r ON r.network = t.network AND r.reference_topic = t.reference_topic
      LEFT JOIN client_ids c ON c.id = r.client_id_id
      LEFT JOIN deposit_addresses d ON d.request_id = r.id AND d.sweep_tx_hash = t.tx_hash
     WHERE ${where.join(' AND ')}
     ORDER BY t.block_timestamp, t.network, t.block_number, t.log_index`;
  return { sql, params: p.values };
}

/**
 * The platform's payments under a filter, in chain time order, in batches from a server-side
 * cursor in one read-only REPEATABLE READ transaction on the caller's connection (an export's
 * own pool: never the request pool's): memory stays one batch whatever the export's size.
 */
export async function* streamPaymentExportOn(
  runner: QueryRunner,
  platformId: string,
  filter: PaymentExportFilter,
  batchSize = 2000,
): AsyncGenerator<PaymentExportRow[]> {
  const { sql, params } = paymentExportQuery(platformId, filter);
  try {
    await runner.startTransaction('REPEATABLE READ');
    await sqlExecute(runner.manager, 'SET TRANSACTION READ ONLY');
    await sqlExecute(runner.manager, `DECLARE payments_export NO SCROLL CURSOR FOR ${sql}`, params);
    for (;;) {
      const rows = await sqlRows<PaymentExportRow>(runner.manager, `FETCH FORWARD ${batchSize} FROM payments_export`);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) break;
    }
    await runner.commitTransaction();
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
  }
}
