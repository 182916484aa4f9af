import { sqlOne, sqlRows, type SqlTarget } from '../sql/typed-query.js';
import { encodeKeysetCursor } from '@payrail/domain';
import { type PaymentSearchFilter, type PaymentSearchRow, paymentCountQuery, paymentSearchQuery } from './payment-search.sql.js';

/** A page of the payments search: its rows, whether more follow, and the keyset cursor of the next page. */
export interface PaymentSearchPage {
  rows: PaymentSearchRow[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** The platform's settled payments (GET /v2/payments). Every query is scoped to the platform. */
export class PaymentSearchRepository {
  constructor(private readonly db: SqlTarget) {}

  /** One page, newest first: from `cursor` (keyset) or `offset` rows in; `limit + 1` rows are read to know whether more follow. */
  async search(
    platformId: string,
    filter: PaymentSearchFilter,
    page: { cursor?: string; offset: number; limit: number },
  ): Promise<PaymentSearchPage> {
    const { sql, params } = paymentSearchQuery(platformId, filter, { ...page, limit: page.limit + 1 });
    const rows = await sqlRows<PaymentSearchRow>(this.db, sql, params);
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    const hasMore = rows.length > page.limit;
    return { rows: shown, hasMore, nextCursor: hasMore && last ? encodeKeysetCursor({ micros: last.cursor_micros, id: last.id }) : null };
  }

  /** The number of matches, at most `cap` (a bounded count: never a scan of everything the platform ever received). */
  async count(platformId: string, filter: PaymentSearchFilter, cap: number): Promise<number> {
    const { sql, params } = paymentCountQuery(platformId, filter, cap);
    return (await sqlOne<{ n: number }>(this.db, sql, params))?.n ?? 0;
  }
}
