import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

/**
 * Endpoint signing secrets: `whsec_` + 32 random bytes in standard, padded base64 (the
 * Standard Webhooks form, which its libraries decode as-is). Secrets issued before rotation
 * existed used base64url: same bytes, `-`/`_` for `+`/`/` and no padding.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const issueWebhookSecret = (): string => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');

/**
 * `x-service-signature`: hex HMAC-SHA256 of exactly the bytes sent as the body, keyed with the
 * whole secret string as UTF-8 (prefix included), which is what a receiver passes to its HMAC.
 */
export function signWebhook(body: string | Uint8Array, secret: string | WebhookSigningKey): string {
  if (typeof secret !== 'string') return createHmac('sha256', secret.whole).update(body).digest('hex');
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * The Standard Webhooks HMAC key of a secret: the bytes its base64 part encodes (what the
 * `standardwebhooks` libraries derive from `whsec_<base64>`). Node's base64 decoder also reads
 * the base64url alphabet, so secrets issued in that form map to the same 32 bytes.
 */
export function standardWebhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('webhook secret encodes no key bytes');
  return key;
}

/** What a Standard Webhooks signature covers: `<webhook-id>.<webhook-timestamp>.<body>`. */
export interface StandardWebhookMessage {
  id: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  body: string;
}

/**
 * `webhook-signature`: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, space
 * separated, in the order given (during a rotation's overlap: the new secret, then the old).
 */
export function signStandardWebhook(message: StandardWebhookMessage, secrets: readonly (string | WebhookSigningKey)[]): string {
  const signed = `${message.id}.${message.timestamp}.${message.body}`;
  const keyOf = (s: string | WebhookSigningKey) => (typeof s === 'string' ? standardWebhookKey(s) : s.standard);
  return secrets.map((s) => `v1,${createHmac('sha256', keyOf(s)).update(signed).digest('base64')}`).join(' ');
}

/**
 * A secret's two HMAC keys, derived once (a worker signs thousands of deliveries a second with
 * the same few secrets): `whole` keys `x-service-signature` (the secret string as UTF-8),
 * `standard` the Standard Webhooks signature (standardWebhookKey). Signing with it gives exactly
 * the signatures the secret string gives.
 */
export interface WebhookSigningKey {
  whole: KeyObject;
  standard: KeyObject;
}

export function webhookSigningKey(secret: string): WebhookSigningKey {
  return { whole: createSecretKey(Buffer.from(secret, 'utf8')), standard: createSecretKey(standardWebhookKey(secret)) };
}
