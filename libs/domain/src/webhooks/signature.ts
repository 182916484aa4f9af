import { createHmac, randomBytes } from 'node:crypto';

/**
 * Endpoint signing secrets: `whsec_` + 32 random bytes (base64url). The HMAC key is the
 * whole secret string as UTF-8, which is what a receiver passes to its HMAC function.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const issueWebhookSecret = (): string => WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');

/** `x-service-signature`: hex HMAC-SHA256 of exactly the bytes sent as the body. */
export function signWebhook(body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
