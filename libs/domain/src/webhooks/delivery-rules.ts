/** Delivery rules of the spec (Events, Limits): 5 s per attempt, retries after 1 s, 5 s, 15 s. */
export const WEBHOOK_TIMEOUT_MS = 5000;
export const WEBHOOK_RETRY_DELAYS_MS = [1000, 5000, 15000] as const;
/** One attempt plus three retries. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** Any 2xx confirms a delivery; everything else (3xx included: redirects are not followed) fails it. */
export const isDeliverySuccess = (status: number): boolean => status >= 200 && status <= 299;

/** How much of a receiver's response body is kept with each attempt. */
export const RESPONSE_BODY_HEAD_BYTES = 1024;

/** Request headers of every delivery (spec: Events). */
export const WEBHOOK_HEADERS = {
  signature: 'x-service-signature',
  delivery: 'x-service-delivery',
  retryCount: 'x-service-retry-count',
  test: 'x-service-test',
} as const;

/** Standard Webhooks headers sent on every delivery beside the spec's (https://www.standardwebhooks.com). */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** How far a Standard Webhooks timestamp may be from the receiver's clock (either way), as the spec's libraries default. */
export const WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS = 300;
