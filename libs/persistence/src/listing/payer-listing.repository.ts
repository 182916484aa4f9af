import { sqlRows, type SqlTarget } from '../sql/typed-query.js';
import { afterPosition, cursorPosition, type KeysetPage, microsOf, pageOf, SqlParams } from './keyset.js';

/** Filters of the platform's payer records (validated by the API before they get here). */
export interface PayerFilter {
  /** Part of the platform's own user id (client_user_id), case-insensitive; the identity is encrypted and not searched. */
  search?: string;
  /** Stored KYC status (approved, not the record's `completed`). */
  kycStatus?: string;
  agreementStatus?: string;
  compliant?: boolean;
}

/** A payer's compliance record, never its identity. */
export interface PayerListRow {
  id: string;
  cursor_micros: string;
  client_user_id: string;
  kyc_status: string;
  agreement_status: string;
  provider: string;
  created_at: Date;
  updated_at: Date;
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The platform's payer records, newest first; every query is scoped to the platform. */
export class PayerListingRepository {
  constructor(private readonly db: SqlTarget) {}

  async list(platformId: string, filter: PayerFilter, page: { cursor?: string; limit: number }): Promise<KeysetPage<PayerListRow>> {
    const p = new SqlParams();
    const where = [`y.platform_id = ${p.add(platformId)}`];
    if (filter.search) where.push(`y.client_user_id ILIKE ${p.add(`%${likeEscaped(filter.search)}%`)}`);
    if (filter.kycStatus) where.push(`y.kyc_status = ${p.add(filter.kycStatus)}`);
    if (filter.agreementStatus) where.push(`y.agreement_status = ${p.add(filter.agreementStatus)}`);
    if (filter.compliant !== undefined) {
      const compliant = `(y.kyc_status = 'approved' AND y.agreement_status = 'completed')`;
      where.push(filter.compliant ? compliant : `NOT ${compliant}`);
    }
    const position = cursorPosition(page.cursor, 'uuid');
    if (position) where.push(afterPosition('y.created_at', 'y.id', p.add(position.micros), `${p.add(position.id)}::uuid`));
    const rows = await sqlRows<PayerListRow>(
      this.db,
      `SELECT y.id::text AS id, ${microsOf('y.created_at')}::text AS cursor_micros, y.client_user_id, y.kyc_status, y.agreement_status,
              y.provider, y.created_at, y.updated_at
         FROM payers y WHERE ${where.join(' AND ')}
        ORDER BY y.created_at DESC, y.id DESC LIMIT ${p.add(page.limit + 1)}`,
      p.values,
    );
    return pageOf(rows, page.limit);
  }
}
