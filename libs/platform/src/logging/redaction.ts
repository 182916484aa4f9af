import { EventEmitter } from 'node:events';
import { stdSerializers } from 'pino';
import { scrubErrorValues, scrubUrls } from './scrub.js';

/**
 * Header names whose values never reach a log line: any name that says it carries a credential or
 * proof (x-api-key, x-orchestrator-key, authorization, cookie, set-cookie, x-service-signature,
 * x-wallet-proof, idempotency-key...), matched by pattern so that a new header of that kind is
 * censored without anyone listing it; and the referer (it can hold a payment page's capability URL).
 * The log-secrets e2e sends every header the OpenAPI documents and fails on any it finds in a log
 * that is not on its short list of public ones.
 */
const SECRET_HEADER = /key|token|secret|signature|proof|password|passphrase|authorization|cookie|session|permit|credential|referer/i;

/** Whether a header's value is censored in logs (names are lower case in Node). */
export const isSecretHeader = (name: string): boolean => SECRET_HEADER.test(name);

/** Object keys whose values never reach a log line, at any of the first four levels. */
export const SECRET_KEYS = [
  'password',
  'secret',
  'signature',
  'permitSignature',
  'privateKey',
  'apiKey',
  'orchestratorKey',
  'sessionToken',
  'session_token',
  'token',
  'encryptionKey',
  'mnemonic',
  // A database error's bound values (TypeORM) and the row or key it quotes (pg's `detail`).
  'parameters',
  'detail',
  // What an ethers fetch error carries of an RPC exchange.
  'requestBody',
  'responseBody',
];

export const REDACTED = '[REDACTED]';

/** How many levels of a logged object are searched for secret keys (the top level is 1). */
const REDACTION_DEPTH = 4;

const SECRET_KEY_SET = new Set(SECRET_KEYS);

type Headers = Record<string, unknown>;

/** The headers with every secret one censored; the same object when none is present. */
function redactHeaders<T extends Headers | undefined>(headers: T): T {
  if (!headers) return headers;
  let out: Headers | undefined;
  for (const name of Object.keys(headers)) {
    if (headers[name] === undefined || !isSecretHeader(name)) continue;
    out ??= { ...headers };
    out[name] = REDACTED;
  }
  return (out ?? headers) as T;
}

/** Objects that are not log data: streams, sockets, requests, buffers, errors (they have serializers). */
const opaque = (value: object): boolean =>
  value instanceof EventEmitter ||
  value instanceof Error ||
  value instanceof Date ||
  value instanceof Map ||
  value instanceof Set ||
  value instanceof Promise ||
  ArrayBuffer.isView(value) ||
  value instanceof ArrayBuffer;

/**
 * Copy-on-write censoring of SECRET_KEYS in the first `depth` levels of a value, and of the path
 * and query of URLs inside its strings (scrubUrls): a value with no secret comes back as the same
 * object, untouched, so the common log line costs one walk of its (small) object and no
 * allocation. One pass over the keys, whatever the number of secret names (pino's path-based
 * `redact` walks once per path and wildcard, which dominated a request's CPU).
 */
export function redactKeys(value: unknown, depth = REDACTION_DEPTH): unknown {
  if (typeof value === 'string') return scrubUrls(value);
  if (depth === 0 || value === null || typeof value !== 'object' || opaque(value)) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const redacted = redactKeys(value[i], depth - 1);
      if (redacted === value[i]) continue;
      out ??= [...(value as unknown[])];
      out[i] = redacted;
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const current = record[key];
    const redacted = SECRET_KEY_SET.has(key) ? REDACTED : redactKeys(current, depth - 1);
    if (redacted === current) continue;
    out ??= { ...record };
    out[key] = redacted;
  }
  return out ?? value;
}

/** A raw request (pino-http passes IncomingMessage; Express adds the matched route) or an already plain one. */
export interface LoggedReq {
  id?: unknown;
  method?: string;
  route?: { path?: unknown };
  headers?: Headers;
}

/**
 * The route template the request matched (`/v2/secure-payments/:token`), null before routing or
 * when nothing matched. Never the raw path or query: they carry wallets, client user ids, payment
 * tokens and capability URLs.
 */
export function routeOf(req: LoggedReq): string | null {
  const path = req.route?.path;
  return typeof path === 'string' ? path : null;
}
/** A raw response (ServerResponse) or an already plain one. */
interface LoggedRes {
  statusCode?: number;
  headers?: Headers;
  getHeaders?: () => Headers;
}

/**
 * pino options that keep secrets out of every line: secret keys censored in logged objects and
 * the root bindings, request and response headers censored by their serializers (request bodies,
 * paths and queries are never logged: only id, method, route template and headers), errors censored after pino's serializer.
 * pino applies serializers, not the bindings formatter, to a child logger's bindings: bind ids,
 * `req`, `res` or `err` only (pino-http binds `req`). The serializers take raw requests and
 * responses themselves (pino-http's `wrapSerializers: false`): pino's standard request serializer
 * reads Express 5's `req.query`, a getter that parses the query string again on every access.
 */
export function redactingPinoOptions() {
  return {
    formatters: {
      log: (object: Record<string, unknown>) => redactKeys(object) as Record<string, unknown>,
      bindings: (bindings: Record<string, unknown>) => redactKeys(bindings) as Record<string, unknown>,
    },
    serializers: {
      req: (req: LoggedReq) => ({ id: req.id, method: req.method, route: routeOf(req), headers: redactHeaders(req.headers) }),
      res: (res: LoggedRes) => ({
        statusCode: res.statusCode,
        headers: redactHeaders(typeof res.getHeaders === 'function' ? res.getHeaders() : res.headers),
      }),
      err: (err: Error) => redactKeys(scrubErrorValues(stdSerializers.err(err)), REDACTION_DEPTH - 1),
    },
    hooks: {
      // The message string (and printf-style arguments) escape the formatters: URLs in them are scrubbed here.
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = scrubUrls(args[i] as string);
        method.apply(this, args);
      },
    },
  };
}
