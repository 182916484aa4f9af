import { checkedKeysetCursor, type CursorIdForm, encodeKeysetCursor, type KeysetPosition } from '@payrail/domain';

/**
 * Keyset pagination on (created_at, id), newest first: a page ends where the next one starts, so
 * rows written meanwhile neither repeat nor vanish (OFFSET would do both) and every page costs one
 * index range scan. The cursor is opaque to callers: base64url of the last row's created_at in
 * microseconds since the epoch (timestamptz keeps microseconds, a JS Date only milliseconds) and
 * its id.
 */
export type { KeysetPosition } from '@payrail/domain';

/**
 * The position a list's cursor names, each part checked against the list's id form (the shared
 * codec of @payrail/domain): the coded 400 on anything else, so no malformed value reaches SQL
 * even when a caller forgot to check the cursor first.
 */
export function cursorPosition(cursor: string | undefined, form: CursorIdForm): KeysetPosition | undefined {
  return checkedKeysetCursor(cursor, form);
}

/** A page cursor from a query, checked to be one this API issued for a list of `form` ids: a coded 400 (field `cursor`) otherwise. */
export function checkedPageCursor(cursor: string | undefined, form: CursorIdForm): string | undefined {
  checkedKeysetCursor(cursor, form);
  return cursor;
}

/** SQL: a timestamptz column as integer microseconds since the epoch (exact, whatever the server version). */
export const microsOf = (column: string): string =>
  `(floor(extract(epoch FROM ${column}))::bigint * 1000000 + (extract(microseconds FROM ${column})::bigint % 1000000))`;

/** SQL: rows strictly after `position` in newest-first order; `$n` placeholders from `next`. */
export function afterPosition(createdAt: string, id: string, micros: string, idParam: string): string {
  return `(${createdAt}, ${id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${idParam})`;
}

/**
 * Collects positional parameters for a query built piece by piece: `add(value)` answers its `$n`.
 */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A page of rows and the cursor of the next one (null on the last page). */
export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

/** Fetched `limit + 1` rows: the extra one only says another page exists. */
export function pageOf<Row extends { cursor_micros: string; id: string }>(rows: Row[], limit: number): KeysetPage<Row> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeKeysetCursor({ micros: last.cursor_micros, id: last.id }) : null };
}
