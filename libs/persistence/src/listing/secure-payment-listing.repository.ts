import type { SecurePaymentType } from '@payrail/domain';
import { sqlRows, type SqlTarget } from '../sql/typed-query.js';
import { afterPosition, cursorPosition, type KeysetPage, microsOf, pageOf, SqlParams } from './keyset.js';

/** Filters of the platform's payment links (validated by the API before they get here). */
export interface SecurePaymentFilter {
  /** The status a reader sees: an open payment past its expiry is `expired`. */
  status?: string;
  type?: SecurePaymentType;
  /** Statuses are judged at this instant. */
  now: Date;
}

/** A top-level secure payment (single, or a multicall parent) as the list reads it. */
export interface SecurePaymentListRow {
  id: string;
  cursor_micros: string;
  payment_type: SecurePaymentType;
  status: string;
  client_id: string | null;
  request_ids: string[];
  reference: string | null;
  redirect_url: string | null;
  access_policy: { allowedPayerAddresses: string[]; screening: string; hidePayeeAddress: boolean };
  expires_at: Date;
  completed_at: Date | null;
  created_at: Date;
}

/** A request behind a payment link (money in base units, as text). */
export interface LinkRequestRow {
  id: string;
  network: string;
  payee: string;
  status: string;
  invoice_currency: string;
  invoice_amount: string;
  invoice_decimals: number;
  payment_currency: string;
  currency_decimals: number;
  expected_amount: string;
  amount_paid: string;
}

/** A multicall child: its own payment over one of the parent's requests. */
export interface LinkChildRow {
  token: string;
  parent_token: string;
  status: string;
  request_id: string;
  expires_at: Date;
}

const OPEN = `('pending', 'partially_settled')`;

/** SQL for the status a reader sees (domain effectiveStatus): open and past expiry reads `expired`. */
function statusCondition(status: string, p: SqlParams, at: Date): string {
  const now = (): string => `${p.add(at)}::timestamptz`;
  if (status === 'expired') return `(s.status = 'expired' OR (s.status IN ${OPEN} AND s.expires_at <= ${now()}))`;
  const stored = `s.status = ${p.add(status)}`;
  return status === 'pending' || status === 'partially_settled' ? `(${stored} AND s.expires_at > ${now()})` : stored;
}

/** The platform's payment links for its dashboard: top-level payments, their requests and multicall children. Always scoped to the platform. */
export class SecurePaymentListingRepository {
  constructor(private readonly db: SqlTarget) {}

  /** Newest first (keyset on created_at, token); a multicall's children are not rows of their own. */
  async list(
    platformId: string,
    filter: SecurePaymentFilter,
    page: { cursor?: string; limit: number },
  ): Promise<KeysetPage<SecurePaymentListRow>> {
    const p = new SqlParams();
    const where = [`s.platform_id = ${p.add(platformId)}`, 's.parent_token IS NULL'];
    if (filter.status) where.push(statusCondition(filter.status, p, filter.now));
    if (filter.type) where.push(`s.payment_type = ${p.add(filter.type)}`);
    const position = cursorPosition(page.cursor, 'ulid');
    if (position) where.push(afterPosition('s.created_at', 's.token', p.add(position.micros), p.add(position.id)));
    const rows = await sqlRows<SecurePaymentListRow>(
      this.db,
      `SELECT s.token AS id, ${microsOf('s.created_at')}::text AS cursor_micros, s.payment_type, s.status, c.client_id, s.request_ids,
              s.reference, s.redirect_url, s.access_policy, s.expires_at, s.completed_at, s.created_at
         FROM secure_payments s LEFT JOIN client_ids c ON c.id = s.client_id_id
        WHERE ${where.join(' AND ')}
        ORDER BY s.created_at DESC, s.token DESC
        LIMIT ${p.add(page.limit + 1)}`,
      p.values,
    );
    return pageOf(rows, page.limit);
  }

  /** The platform's requests among `ids`. */
  requests(platformId: string, ids: string[]): Promise<LinkRequestRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return sqlRows<LinkRequestRow>(
      this.db,
      `SELECT id, network, payee, status, invoice_currency, invoice_amount::text AS invoice_amount, invoice_decimals, payment_currency,
              currency_decimals, expected_amount::text AS expected_amount, amount_paid::text AS amount_paid
         FROM requests WHERE platform_id = $1 AND id = ANY($2::text[])`,
      [platformId, ids],
    );
  }

  /** The children of the platform's multicall payouts among `parents`. */
  children(platformId: string, parents: string[]): Promise<LinkChildRow[]> {
    if (parents.length === 0) return Promise.resolve([]);
    return sqlRows<LinkChildRow>(
      this.db,
      `SELECT token, parent_token, status, request_ids[1] AS request_id, expires_at
         FROM secure_payments WHERE platform_id = $1 AND parent_token = ANY($2::text[])`,
      [platformId, parents],
    );
  }
}
