import { createHmac, timingSafeEqual } from 'node:crypto';
import { STANDARD_WEBHOOK_HEADERS, WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS } from './delivery-rules.js';
import { standardWebhookKey } from './signature.js';

type HeaderValue = string | string[] | null | undefined;

export interface StandardWebhookVerifyOptions {
  /** Seconds the `webhook-timestamp` may differ from `now` either way (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock, unix milliseconds (default Date.now()). */
  now?: number;
}

export type StandardWebhookVerdict =
  { ok: true } | { ok: false; reason: 'missing-headers' | 'bad-timestamp' | 'timestamp-out-of-tolerance' | 'no-matching-signature' };

const single = (value: HeaderValue): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const UNIX_SECONDS = /^[0-9]{1,12}$/;

/**
 * For receivers: checks a delivery's Standard Webhooks headers (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) against `rawBody` (the bytes as received) and one
 * secret. Refuses a timestamp outside the tolerance (a captured delivery replayed later), then
 * accepts when any `v1,` signature of the header matches, compared in constant time. During a
 * secret rotation's overlap the header carries one signature per secret, so both the old and
 * the new secret verify. Answer 401 when it is not ok; dedupe by `webhook-id`.
 */
export function verifyStandardWebhook(
  rawBody: string | Uint8Array,
  headers: Record<string, HeaderValue>,
  secret: string,
  options: StandardWebhookVerifyOptions = {},
): StandardWebhookVerdict {
  const id = single(headers[STANDARD_WEBHOOK_HEADERS.id]);
  const timestamp = single(headers[STANDARD_WEBHOOK_HEADERS.timestamp]);
  const signatures = single(headers[STANDARD_WEBHOOK_HEADERS.signature]);
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing-headers' };
  if (!UNIX_SECONDS.test(timestamp)) return { ok: false, reason: 'bad-timestamp' };
  const tolerance = options.toleranceSeconds ?? WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return { ok: false, reason: 'timestamp-out-of-tolerance' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = createHmac('sha256', standardWebhookKey(secret)).update(`${id}.${timestamp}.`).update(body).digest();
  for (const entry of signatures.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const presented = Buffer.from(value, 'base64');
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no-matching-signature' };
}
