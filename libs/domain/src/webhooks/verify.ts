import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/**
 * For receivers: whether `signature` (the `x-service-signature` header) is the HMAC-SHA256
 * of `rawBody` (the request body bytes exactly as received, before any JSON parsing) under
 * `secret`. Compared in constant time. Answer 401 when it is false.
 */
export function verifyWebhook(rawBody: string | Uint8Array, signature: string | string[] | null | undefined, secret: string): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected);
}
