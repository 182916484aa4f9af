/**
 * Values that hide inside logged text rather than under a key: URLs (an RPC URL holds the
 * provider's key in its path, a webhook or payment page URL is a capability) and the values a
 * database error quotes. Only strings that contain "://" pay for a regular expression.
 */

const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@"'<>\\]*@)?([^\s/?#"'<>\\]+)([^\s"'<>\\]*)/gi;

/** "https://user:pw@host/v2/key?x=1" becomes "https://host/[REDACTED]": scheme and host only. */
export function scrubUrls(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_IN_TEXT, (_match, scheme: string, host: string, rest: string) =>
    rest === '' || rest === '/' ? `${scheme}${host}${rest}` : `${scheme}${host}/[REDACTED]`,
  );
}

type Plain = Record<string, unknown>;

/** A serialized TypeORM QueryFailedError (it has the query) or a pg DatabaseError (severity and SQLSTATE). */
const isDatabaseError = (e: Plain): boolean =>
  typeof e.query === 'string' || (typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));

/** Fields of a pg error that name schema objects, never values. */
const IDENTIFIER_FIELDS = ['table', 'constraint', 'column', 'schema', 'dataType', 'routine'];

/**
 * A database error's message quotes values (`invalid input syntax for type uuid: "<value>"`): each
 * quoted part that is not one of the error's own identifiers (table, constraint, ...) is censored,
 * in the message and in the stack (whose first line repeats it).
 */
function scrubQuotedValues(e: Plain): Plain {
  const keep = new Set(IDENTIFIER_FIELDS.map((f) => e[f]).filter((v): v is string => typeof v === 'string'));
  const scrub = (text: unknown) =>
    typeof text === 'string' ? text.replace(/"([^"\n]*)"/g, (quoted, inner: string) => (keep.has(inner) ? quoted : '"[REDACTED]"')) : text;
  return { ...e, message: scrub(e.message), stack: scrub(e.stack) };
}

/** A serialized error (pino's `err` shape) with the values quoted by database errors censored, nested causes included. */
export function scrubErrorValues(value: unknown, depth = 3): unknown {
  if (depth === 0 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let e = value as Plain;
  if (isDatabaseError(e)) e = scrubQuotedValues(e);
  for (const key of ['driverError', 'cause']) {
    const nested = e[key];
    if (nested === null || typeof nested !== 'object') continue;
    const scrubbed = scrubErrorValues(nested, depth - 1);
    if (scrubbed !== nested) e = { ...e, [key]: scrubbed };
  }
  return e;
}
