import { sqlRows, type SqlTarget } from '../sql/typed-query.js';
import { afterPosition, cursorPosition, type KeysetPage, microsOf, pageOf, SqlParams } from './keyset.js';

/** An API key as its platform lists it: never its hash. */
export interface ApiKeyListRow {
  id: string;
  cursor_micros: string;
  prefix: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** The platform's API keys, newest first; every query is scoped to the platform. */
export class ApiKeyListingRepository {
  constructor(private readonly db: SqlTarget) {}

  async list(
    platformId: string,
    filter: { prefix?: string; status?: 'active' | 'revoked' },
    page: { cursor?: string; limit: number },
  ): Promise<KeysetPage<ApiKeyListRow>> {
    const p = new SqlParams();
    const where = [`k.platform_id = ${p.add(platformId)}`];
    // A prefix is base64url only (validated): no LIKE wildcard can reach the pattern but `_`, escaped here.
    if (filter.prefix) where.push(`k.prefix LIKE ${p.add(`${filter.prefix.replace(/_/g, '\\_')}%`)}`);
    if (filter.status === 'active') where.push('k.revoked_at IS NULL');
    if (filter.status === 'revoked') where.push('k.revoked_at IS NOT NULL');
    const position = cursorPosition(page.cursor, 'ulid');
    if (position) where.push(afterPosition('k.created_at', 'k.id', p.add(position.micros), p.add(position.id)));
    const rows = await sqlRows<ApiKeyListRow>(
      this.db,
      `SELECT k.id, ${microsOf('k.created_at')}::text AS cursor_micros, k.prefix, k.created_at, k.revoked_at
         FROM api_keys k WHERE ${where.join(' AND ')}
        ORDER BY k.created_at DESC, k.id DESC LIMIT ${p.add(page.limit + 1)}`,
      p.values,
    );
    return pageOf(rows, page.limit);
  }
}
