import type { WebhookEventName } from './names.js';

export interface EventRecipients {
  /** Endpoints registered with the platform's Client ID (POST /v1/webhook). */
  platform: boolean;
  /** Endpoints of the orchestrator named by the payload's `orchestratorId` (POST /v2/orchestrators/webhooks). */
  orchestrator: boolean;
}

/**
 * Who receives each event (spec: Events, "Current events and recipients"). Legacy events
 * belong to API-only integrations, so only platforms receive them.
 */
export const EVENT_RECIPIENTS: Record<WebhookEventName, EventRecipients> = {
  'client_id.linked': { platform: false, orchestrator: true },
  'payment.confirmed': { platform: true, orchestrator: true },
  'payment.failed': { platform: true, orchestrator: false },
  'kyt.screening.completed': { platform: true, orchestrator: true },
  'secure_payment.user_event': { platform: true, orchestrator: true },
  'secure_payment.access_rejected': { platform: true, orchestrator: false },
  'payment.partial': { platform: true, orchestrator: false },
  'payment.refunded': { platform: true, orchestrator: false },
  'payment.processing': { platform: true, orchestrator: false },
  'compliance.updated': { platform: true, orchestrator: false },
  'payment_detail.updated': { platform: true, orchestrator: false },
  'request.recurring': { platform: true, orchestrator: false },
  // Extension: whoever heard payment.confirmed hears that it was taken back.
  'payment.reversed': { platform: true, orchestrator: true },
  // Extension: the disabled endpoint's owner (its Client ID's endpoints, or its orchestrator's).
  'webhook_endpoint.disabled': { platform: true, orchestrator: true },
  // Extension (issue #35): the platform decides on its exceptions; an orchestrator that created the link hears them too.
  'payment.exception': { platform: true, orchestrator: true },
  'payment.exception.resolved': { platform: true, orchestrator: true },
  // Extension: a refund is news to whoever heard of the payment it gives back.
  'refund.created': { platform: true, orchestrator: true },
  'refund.confirmed': { platform: true, orchestrator: true },
  'refund.failed': { platform: true, orchestrator: true },
  // Extension: the platform whose requests were reconciled (issue #36).
  'reconciliation.completed': { platform: true, orchestrator: false },
  'test_clock.ready': { platform: true, orchestrator: false },
  // Extensions (issue #37): the platform that owns the recurring payment, like payment.failed.
  'payment.upcoming': { platform: true, orchestrator: false },
  'payment.at_risk': { platform: true, orchestrator: false },
  'schedule.past_due': { platform: true, orchestrator: false },
  'schedule.canceled_for_nonpayment': { platform: true, orchestrator: false },
};
