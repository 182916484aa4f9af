import { afterPosition, cursorPosition, microsOf, SqlParams } from './keyset.js';

/** Request Network's payment types: crosschain is never stored (cross-chain execution is not offered). */
export const PAYMENT_TYPES = ['direct', 'conversion', 'crosschain', 'recurring'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Filters of the payments search (GET /v2/payments), validated by the API; all combine with AND. */
export interface PaymentSearchFilter {
  requestId?: string;
  /** Lowercase hex: 0x + 64 (EVM) or 64 (Tron transaction id). */
  txHash?: string;
  /** The payer (sender) or the payee (recipient); EVM compared case-insensitively, Tron exactly. */
  walletAddress?: string;
  /** 0x + 16 hex, lowercase. */
  paymentReference?: string;
  reference?: string;
  type?: PaymentType;
  /** Currency ids (e.g. USDC-base) the invoice currency may be: one id, or every id of a symbol. */
  invoiceCurrencies?: string[];
  paymentCurrencies?: string[];
  /** block timestamp >= fromDate */
  fromDate?: Date;
  /** block timestamp <= toDate */
  toDate?: Date;
}

/** One settled payment (a counted fee-proxy transfer) with its request; money in base units, as text. */
export interface PaymentSearchRow {
  /** payment_transfers.id, the keyset tie-breaker. */
  id: string;
  cursor_micros: string;
  network: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_timestamp: Date;
  from_address: string | null;
  to_address: string;
  amount: string;
  fee_amount: string;
  fee_address: string;
  request_id: string;
  payment_reference: string;
  reference: string | null;
  status: string;
  invoice_currency: string;
  payment_currency: string;
  currency_decimals: number;
  customer_info_encrypted: string | null;
  recurring_payment_id: string | null;
}

/**
 * A condition the planner estimates as keeping nearly every row: an expression without
 * statistics compared with `<>` is taken at 1 − the default equality selectivity. The
 * comparisons inside restate the join (a transfer of the request's reference is almost always to
 * its payee, in its token); estimated one by one, as independent, they would make the planner
 * expect no row and prefer reading every request of the platform to its keyset index.
 */
const likely = (condition: string) => `(CASE WHEN ${condition} THEN 1 ELSE 0 END) <> 0`;

/** Hex (EVM) addresses equal case-insensitively, anything else (Tron base58) exactly: domain `countsToward`'s rule. */
const same = (a: string, b: string) => `(${a} = ${b} OR (${a} ~ '^0x[0-9a-fA-F]{40}$' AND lower(${a}) = lower(${b})))`;

/**
 * A settled transfer that counts toward its request (domain `countsToward`): through the
 * request's own proxy, to its payee, in its token. Transfers of the reference that do not count
 * (another payee, another token) are not payments of the request and never show.
 */
const COUNTED = `t.settled_at IS NOT NULL AND ${likely(
  [
    same('t.contract', 'r.proxy_address'),
    same('t.to_address', 'r.payee'),
    `((t.token IS NULL AND r.currency_address IS NULL) OR ${same('t.token', 'r.currency_address')})`,
  ].join(' AND '),
)}`;

const FROM = `
    FROM payment_transfers t
    JOIN requests r ON r.network = t.network AND r.reference_topic = t.reference_topic
    LEFT JOIN recurring_executions e ON e.request_id = r.id`;

const SELECT = `
  SELECT t.id::text AS id, ${microsOf('t.block_timestamp')}::text AS cursor_micros, t.network, t.tx_hash, t.log_index,
         t.block_number::text AS block_number, t.block_timestamp, t.from_address, t.to_address, t.amount::text AS amount,
         t.fee_amount::text AS fee_amount, t.fee_address, r.id AS request_id, r.payment_reference, r.reference, r.status,
         r.invoice_currency, r.payment_currency, r.currency_decimals, r.customer_info_encrypted, e.recurring_payment_id
  ${FROM}`;

const TYPE_CONDITION: Record<PaymentType, string> = {
  direct: `e.request_id IS NULL AND ${likely('r.invoice_currency = r.payment_currency')}`,
  conversion: `e.request_id IS NULL AND ${likely('r.invoice_currency <> r.payment_currency')}`,
  recurring: 'e.request_id IS NOT NULL',
  crosschain: 'false',
};

/** The wallet as payer or payee: lower() for the indexes, and exact equality as well for a Tron (base58) address. */
function walletCondition(wallet: string, p: SqlParams): string {
  const lower = p.add(wallet.toLowerCase());
  const either = `(lower(t.from_address) = ${lower} OR lower(t.to_address) = ${lower})`;
  if (/^0x[0-9a-fA-F]{40}$/.test(wallet)) return either;
  const exact = p.add(wallet);
  return `${either} AND (t.from_address = ${exact} OR t.to_address = ${exact})`;
}

/** WHERE of the platform's settled payments under `filter`; always scoped to `platformId`. */
export function paymentSearchConditions(platformId: string, filter: PaymentSearchFilter, p: SqlParams): string[] {
  const platform = p.add(platformId);
  // The transfer's platform (detection writes it) drives the keyset index; the request's is checked too.
  const where = [`t.platform_id = ${platform}`, `r.platform_id = ${platform}`, COUNTED];
  if (filter.requestId) where.push(`r.id = ${p.add(filter.requestId)}`);
  if (filter.txHash) where.push(`t.tx_hash = ${p.add(filter.txHash)}`);
  if (filter.walletAddress) where.push(walletCondition(filter.walletAddress, p));
  if (filter.paymentReference) where.push(`r.payment_reference = ${p.add(filter.paymentReference)}`);
  if (filter.reference) where.push(`r.reference = ${p.add(filter.reference)}`);
  if (filter.type) where.push(TYPE_CONDITION[filter.type]);
  if (filter.invoiceCurrencies) where.push(`r.invoice_currency = ANY(${p.add(filter.invoiceCurrencies)}::text[])`);
  if (filter.paymentCurrencies) where.push(`r.payment_currency = ANY(${p.add(filter.paymentCurrencies)}::text[])`);
  if (filter.fromDate) where.push(`t.block_timestamp >= ${p.add(filter.fromDate)}`);
  if (filter.toDate) where.push(`t.block_timestamp <= ${p.add(filter.toDate)}`);
  return where;
}

/**
 * A page of the search, newest first on (block_timestamp, transfer id): after `cursor` (keyset),
 * or `offset` rows in (bounded by the API), `limit` rows (the caller asks one more than it shows).
 */
export function paymentSearchQuery(
  platformId: string,
  filter: PaymentSearchFilter,
  page: { cursor?: string; offset: number; limit: number },
): { sql: string; params: unknown[] } {
  const p = new SqlParams();
  const where = paymentSearchConditions(platformId, filter, p);
  // Transfer ids are bigints: anything else is the coded 400, never a cast error.
  const position = cursorPosition(page.cursor, 'bigint');
  if (position) where.push(afterPosition('t.block_timestamp', 't.id', p.add(position.micros), `${p.add(position.id)}::bigint`));
  const offset = page.offset > 0 ? ` OFFSET ${p.add(page.offset)}` : '';
  return {
    sql: `${SELECT} WHERE ${where.join(' AND ')} ORDER BY t.block_timestamp DESC, t.id DESC LIMIT ${p.add(page.limit)}${offset}`,
    params: p.values,
  };
}

/** How many payments match, counting at most `cap` (the search reports a total up to it). */
export function paymentCountQuery(platformId: string, filter: PaymentSearchFilter, cap: number): { sql: string; params: unknown[] } {
  const p = new SqlParams();
  const where = paymentSearchConditions(platformId, filter, p);
  return { sql: `SELECT count(*)::int AS n FROM (SELECT 1 ${FROM} WHERE ${where.join(' AND ')} LIMIT ${p.add(cap)}) m`, params: p.values };
}
