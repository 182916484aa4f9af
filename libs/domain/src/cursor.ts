import { PayrailError } from './errors.js';
import { REQUEST_ID_PATTERN } from './payments/payment-reference.js';

/**
 * Page cursors, the one codec every paged list uses. A cursor is opaque to callers, but each list
 * knows exactly what its cursors hold, and a decoded cursor is checked part by part against that
 * form before anything reaches SQL: a value that only looks like a cursor (right base64url, wrong
 * id type, out-of-range number) is a 400, never a cast error in the database (a 500).
 */

/** The forms of row id a cursor can carry, as the tables store them. */
export const CURSOR_ID_FORMS = {
  /** Postgres uuid (payers). */
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  /** ULID, Crockford base32 upper case (api keys, recurring payments, payment links, deliveries). */
  ulid: /^[0-9A-HJKMNP-TV-Z]{26}$/,
  /** A request id: `01` and 64 lower-case hex digits. */
  requestId: REQUEST_ID_PATTERN,
  /** A positive Postgres bigint (outbox event ids), without leading zeros. */
  bigint: /^[1-9][0-9]{0,18}$/,
} as const;
export type CursorIdForm = keyof typeof CURSOR_ID_FORMS;

const BIGINT_MAX = 9223372036854775807n;

/** Whether `id` is a row id of this form (a bigint also within Postgres' range). */
export function isCursorId(form: CursorIdForm, id: string): boolean {
  if (!CURSOR_ID_FORMS[form].test(id)) return false;
  return form !== 'bigint' || BigInt(id) <= BIGINT_MAX;
}

/** A keyset position: created_at as integer microseconds since the epoch (decimal) and the row id. */
export interface KeysetPosition {
  micros: string;
  id: string;
}

/**
 * The largest created_at a cursor may name: 9999-12-31T23:59:59.999999Z in microseconds (a Date
 * and Postgres both hold it; the bound keeps the SQL interval arithmetic in range).
 */
const MAX_MICROS = 253402300799999999n;
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,200}$/;
const POSITION = /^(0|[1-9][0-9]{0,17}):([^:]{1,80})$/;

export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.micros}:${position.id}`, 'utf8').toString('base64url');
}

/** The position a keyset cursor names when every part is of its form; undefined otherwise. */
export function decodeKeysetCursor(cursor: string, form: CursorIdForm): KeysetPosition | undefined {
  if (!CURSOR_TEXT.test(cursor)) return undefined;
  const decoded = Buffer.from(cursor, 'base64url');
  // Canonical only: a cursor that does not re-encode to itself carries bytes we did not write.
  if (decoded.toString('base64url') !== cursor) return undefined;
  const match = POSITION.exec(decoded.toString('utf8'));
  if (!match || BigInt(match[1]) > MAX_MICROS || !isCursorId(form, match[2])) return undefined;
  return { micros: match[1], id: match[2] };
}

/** The coded 400 (field `field`) for a cursor this API did not issue. */
export function invalidCursor(field = 'cursor'): PayrailError {
  const message = `${field} must be a nextCursor value`;
  return new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field, message }] });
}

/** A keyset cursor from a query, checked against the list's id form: the 400 of `invalidCursor` otherwise. */
export function checkedKeysetCursor(cursor: string | undefined, form: CursorIdForm): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const position = decodeKeysetCursor(cursor, form);
  if (!position) throw invalidCursor();
  return position;
}
