import type { AuthComponents } from '@payrail/web';

export type WebhookEventType = AuthComponents['schemas']['FireTestWebhookDto']['eventType'];

/**
 * The event types a test delivery may carry, as the API's own enum (FireTestWebhookDto). Generated
 * types vanish at runtime, so the list is written out here and `satisfies` makes the compiler check
 * it against the OpenAPI enum: a value the API drops fails the build.
 */
export const EVENT_TYPES = [
  'payment.confirmed',
  'payment.partial',
  'payment.failed',
  'payment.processing',
  'payment.refunded',
  'payment.reversed',
  'payment.exception',
  'payment.exception.resolved',
  'refund.created',
  'refund.confirmed',
  'refund.failed',
  'payment_detail.updated',
  'request.recurring',
  'compliance.updated',
  'kyt.screening.completed',
  'secure_payment.user_event',
  'secure_payment.access_rejected',
  'client_id.linked',
] as const satisfies readonly WebhookEventType[];
