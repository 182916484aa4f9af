import { PayrailError } from '@payrail/domain';

/**
 * Keyset pagination on (created_at, id), newest first: a page ends where the next one starts, so
 * rows written meanwhile neither repeat nor vanish (OFFSET would do both) and every page costs one
 * index range scan. The cursor is opaque to callers: base64url of the last row's created_at in
 * microseconds since the epoch (timestamptz keeps microseconds, a JS Date only milliseconds) and
 * its id.
 */
export interface KeysetPosition {
  /** created_at as integer microseconds since the epoch, in decimal. */
  micros: string;
  id: string;
}

const POSITION = /^(\d{1,17}):([A-Za-z0-9_-]{1,80})$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.micros}:${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or undefined when it is not a cursor this API issued. */
export function decodeCursor(cursor: string): KeysetPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,140}$/.test(cursor)) return undefined;
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? { micros: match[1], id: match[2] } : undefined;
}

/** A page cursor from a query, checked to be one this API issued: a coded 400 (field `cursor`) otherwise. */
export function checkedPageCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || decodeCursor(cursor)) return cursor;
  const message = 'cursor must be a nextCursor value';
  throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field: 'cursor', message }] });
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
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor({ micros: last.cursor_micros, id: last.id }) : null };
}
