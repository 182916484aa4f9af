/**
 * Webhook event names of the interface (spec: Events). Current events serve the Dashboard,
 * the Secure Payment Page and orchestrators; legacy events stay for API-only integrations.
 */
export const CURRENT_WEBHOOK_EVENTS = [
  'client_id.linked',
  'payment.confirmed',
  'payment.failed',
  'kyt.screening.completed',
  'secure_payment.user_event',
  'secure_payment.access_rejected',
] as const;

export const LEGACY_WEBHOOK_EVENTS = [
  'payment.partial',
  'payment.refunded',
  'payment.processing',
  'compliance.updated',
  'payment_detail.updated',
  'request.recurring',
] as const;

/**
 * Payrail's additions to the spec's events. `payment.reversed`: a chain reorganisation removed
 * settled payments of a request and its paid amount (or fee) went down.
 * `webhook_endpoint.disabled`: Payrail deactivated one of the owner's endpoints (every attempt
 * failed for the auto-disable period, or it answered 410 Gone); sent to the owner's other
 * active endpoints. `payment.exception` / `payment.exception.resolved` (issue #35): a payment
 * exception was raised (underpaid, overpaid, late, wrong token, ...) / was resolved. `refund.created` / `refund.confirmed` / `refund.failed` (issue #35): a refund of
 * a request was created (awaiting the payee's signature), confirmed by detection, or failed (its
 * transaction was removed by a reorg). `reconciliation.completed`: a reconciliation run of the
 * ledger against the chain finished (issue #36), with its discrepancy counts.
 * `payment.upcoming` / `payment.at_risk` (issue #37): a recurring payment's pre-due check, 72 h and
 * 24 h before the period is due. `schedule.past_due` / `schedule.canceled_for_nonpayment` (issue
 * #37): dunning paused a schedule whose period could not be collected / cancelled it later.
 * `test_clock.ready`: a test clock (local chain only, issue #37) finished an advance: every period
 * due up to its new time was executed on the local chain.
 */
export const EXTENSION_WEBHOOK_EVENTS = [
  'payment.reversed',
  'webhook_endpoint.disabled',
  'payment.exception',
  'payment.exception.resolved',
  'refund.created',
  'refund.confirmed',
  'refund.failed',
  'reconciliation.completed',
  'payment.upcoming',
  'payment.at_risk',
  'schedule.past_due',
  'schedule.canceled_for_nonpayment',
  'test_clock.ready',
] as const;

/** Every event a webhook endpoint can receive, and every name the test-fire routes accept. */
export const WEBHOOK_EVENT_NAMES = [...CURRENT_WEBHOOK_EVENTS, ...LEGACY_WEBHOOK_EVENTS, ...EXTENSION_WEBHOOK_EVENTS] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

export function isWebhookEventName(value: unknown): value is WebhookEventName {
  return typeof value === 'string' && (WEBHOOK_EVENT_NAMES as readonly string[]).includes(value);
}
