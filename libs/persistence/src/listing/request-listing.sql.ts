import { afterPosition, cursorPosition, microsOf, SqlParams } from './keyset.js';

/** Filters of the platform's request list and export (validated by the API before they get here). */
export interface RequestFilter {
  status?: string;
  network?: string;
  /** Payment currency id, e.g. `USDC-base`. */
  currency?: string;
  /** created_at >= from */
  from?: Date;
  /** created_at < to */
  to?: Date;
  /** The request's payment reference (0x + 16 hex). */
  paymentReference?: string;
  /** The merchant reference given at creation. */
  reference?: string;
  /** The declared payer, or the sender of a detected payment; EVM compared case-insensitively. */
  payer?: string;
}

/** One request as the list, the detail and the export read it (money in base units, as text). */
export interface RequestListRow {
  id: string;
  cursor_micros: string;
  payment_reference: string;
  reference: string | null;
  status: string;
  network: string;
  client_id: string | null;
  payee: string;
  payer: string | null;
  payer_address: string | null;
  invoice_currency: string;
  invoice_amount: string;
  invoice_decimals: number;
  payment_currency: string;
  currency_decimals: number;
  expected_amount: string;
  amount_paid: string;
  fee_percentage: string | null;
  fee_amount: string;
  fee_paid: string;
  fee_address: string | null;
  tx_hash: string | null;
  paid_at: Date | null;
  created_at: Date;
  /** payout, or invoice (POST /v2/request). */
  kind: string;
  customer_info_encrypted: string | null;
}

/** Transfers that count for a request: same network and reference topic (the fee proxy's indexed reference). */
const TRANSFERS_OF_R = 't.network = r.network AND t.reference_topic = r.reference_topic';

const SELECT = `
  SELECT r.id, ${microsOf('r.created_at')}::text AS cursor_micros, r.payment_reference, r.reference, r.status, r.network,
         c.client_id, r.payee, r.payer,
         (SELECT t.from_address FROM payment_transfers t WHERE ${TRANSFERS_OF_R} AND t.settled_at IS NOT NULL
           ORDER BY t.block_number, t.log_index LIMIT 1) AS payer_address,
         r.invoice_currency, r.invoice_amount::text AS invoice_amount, r.invoice_decimals, r.payment_currency, r.currency_decimals,
         r.expected_amount::text AS expected_amount, r.amount_paid::text AS amount_paid, r.fee_percentage,
         r.fee_amount::text AS fee_amount, r.fee_paid::text AS fee_paid, r.fee_address, r.tx_hash, r.paid_at, r.created_at,
         r.kind, r.customer_info_encrypted
    FROM requests r LEFT JOIN client_ids c ON c.id = r.client_id_id`;

/** EVM addresses compare case-insensitively; Tron (base58) exactly. */
function payerCondition(payer: string, p: SqlParams): string {
  const evm = /^0x/i.test(payer);
  const value = p.add(evm ? payer.toLowerCase() : payer);
  const col = (c: string) => (evm ? `lower(${c})` : c);
  return `(${col('r.payer')} = ${value} OR EXISTS (SELECT 1 FROM payment_transfers t WHERE ${TRANSFERS_OF_R} AND ${col('t.from_address')} = ${value}))`;
}

/** WHERE of the platform's requests under `filter`; always scoped to `platformId`. */
export function requestConditions(platformId: string, filter: RequestFilter, p: SqlParams): string[] {
  const where = [`r.platform_id = ${p.add(platformId)}`];
  if (filter.status) where.push(`r.status = ${p.add(filter.status)}`);
  if (filter.network) where.push(`r.network = ${p.add(filter.network)}`);
  if (filter.currency) where.push(`r.payment_currency = ${p.add(filter.currency)}`);
  if (filter.from) where.push(`r.created_at >= ${p.add(filter.from)}`);
  if (filter.to) where.push(`r.created_at < ${p.add(filter.to)}`);
  if (filter.paymentReference) where.push(`r.payment_reference = ${p.add(filter.paymentReference.toLowerCase())}`);
  if (filter.reference) where.push(`r.reference = ${p.add(filter.reference)}`);
  if (filter.payer) where.push(payerCondition(filter.payer, p));
  return where;
}

/** The list's query: newest first from `cursor`, `limit` rows (the caller asks one more than it shows). */
export function requestListQuery(
  platformId: string,
  filter: RequestFilter,
  page: { cursor?: string; limit?: number },
): { sql: string; params: unknown[] } {
  const p = new SqlParams();
  const where = requestConditions(platformId, filter, p);
  const position = cursorPosition(page.cursor, 'requestId');
  if (position) where.push(afterPosition('r.created_at', 'r.id', p.add(position.micros), p.add(position.id)));
  const limit = page.limit === undefined ? '' : ` LIMIT ${p.add(page.limit)}`;
  return { sql: `${SELECT} WHERE ${where.join(' AND ')} ORDER BY r.created_at DESC, r.id DESC${limit}`, params: p.values };
}

/** One request of the platform by id. */
export function requestByIdQuery(platformId: string, id: string): { sql: string; params: unknown[] } {
  return { sql: `${SELECT} WHERE r.platform_id = $1 AND r.id = $2`, params: [platformId, id] };
}
