import { sqlRows, type SqlTarget } from '../sql/typed-query.js';
import { afterPosition, cursorPosition, type KeysetPage, microsOf, pageOf, SqlParams } from './keyset.js';

/** Filters of the platform's recurring payments (validated by the API before they get here). */
export interface RecurringFilter {
  status?: string;
  network?: string;
  /** The subscriber (payer) wallet; EVM compared case-insensitively. */
  payer?: string;
}

/** A recurring payment as the dashboard lists it (money in base units, as text). */
export interface RecurringListRow {
  id: string;
  cursor_micros: string;
  status: string;
  network: string;
  client_id: string | null;
  payer: string;
  payee: string;
  token: string;
  recurring_proxy: string;
  payment_currency: string;
  currency_decimals: number;
  invoice_currency: string;
  invoice_amount: string;
  invoice_decimals: number;
  amount: string;
  frequency: string;
  period_seconds: number;
  first_exec: string;
  total_payments: number;
  processed_payments: number;
  failure_count: number;
  failure_reason: string | null;
  failure_sub_status: string | null;
  next_attempt_at: Date | null;
  past_due_at: Date | null;
  reference: string | null;
  last_payment_at: Date | null;
  created_at: Date;
}

/** The platform's recurring payments, newest first; every query is scoped to the platform. */
export class RecurringListingRepository {
  constructor(private readonly db: SqlTarget) {}

  async list(platformId: string, filter: RecurringFilter, page: { cursor?: string; limit: number }): Promise<KeysetPage<RecurringListRow>> {
    const p = new SqlParams();
    const where = [`s.platform_id = ${p.add(platformId)}`];
    if (filter.status) where.push(`s.status = ${p.add(filter.status)}`);
    if (filter.network) where.push(`s.network = ${p.add(filter.network)}`);
    if (filter.payer) {
      const evm = /^0x/i.test(filter.payer);
      where.push(evm ? `lower(s.payer) = ${p.add(filter.payer.toLowerCase())}` : `s.payer = ${p.add(filter.payer)}`);
    }
    const position = cursorPosition(page.cursor, 'ulid');
    if (position) where.push(afterPosition('s.created_at', 's.id', p.add(position.micros), p.add(position.id)));
    const rows = await sqlRows<RecurringListRow>(
      this.db,
      `SELECT s.id, ${microsOf('s.created_at')}::text AS cursor_micros, s.status, s.network, c.client_id, s.payer, s.payee, s.token,
              s.recurring_proxy, s.payment_currency, s.currency_decimals, s.invoice_currency, s.invoice_amount::text AS invoice_amount,
              s.invoice_decimals, s.amount::text AS amount, s.frequency, s.period_seconds, s.first_exec::text AS first_exec,
              s.total_payments, s.processed_payments, s.failure_count, s.failure_reason, s.failure_sub_status,
              s.next_attempt_at, s.past_due_at, s.reference,
              (SELECT max(e.executed_at) FROM recurring_executions e
                WHERE e.recurring_payment_id = s.id AND e.status = 'succeeded') AS last_payment_at,
              s.created_at
         FROM recurring_payments s LEFT JOIN client_ids c ON c.id = s.client_id_id
        WHERE ${where.join(' AND ')}
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT ${p.add(page.limit + 1)}`,
      p.values,
    );
    return pageOf(rows, page.limit);
  }
}
