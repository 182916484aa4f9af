import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;
const SECRET_PREFIX = 'whsec_';

/**
 * The interface's `x-service-signature`: hex HMAC-SHA256 of the raw body bytes, keyed with the
 * secret string as issued (`whsec_...`, UTF-8, prefix included). Constant-time comparison.
 */
export function verifyInterfaceSignature(rawBody: string | Uint8Array, signature: string | undefined, secret: string): boolean {
  if (signature === undefined || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}

/**
 * The Standard Webhooks key of a secret: the bytes its base64 part encodes (Node's decoder also
 * reads the base64url form of secrets issued before rotation existed).
 */
export function standardKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('webhook secret encodes no key bytes');
  return key;
}

export type StandardCheck =
  { ok: true } | { ok: false; reason: 'missing-headers' | 'bad-timestamp' | 'timestamp-out-of-tolerance' | 'no-matching-signature' };

export interface StandardHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several space-separated
 * during a secret rotation): refuses a timestamp more than `toleranceSeconds` from `nowMs` either
 * way (a captured delivery replayed later), then accepts any matching `v1` signature.
 */
export function verifyStandardSignature(
  rawBody: string | Uint8Array,
  headers: StandardHeaders,
  secret: string,
  toleranceSeconds: number,
  nowMs: number,
): StandardCheck {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing-headers' };
  if (!UNIX_SECONDS.test(timestamp)) return { ok: false, reason: 'bad-timestamp' };
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > toleranceSeconds) return { ok: false, reason: 'timestamp-out-of-tolerance' };
  const expected = createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.`).update(rawBody).digest();
  for (const entry of signature.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const presented = Buffer.from(value, 'base64');
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no-matching-signature' };
}
