import type { DomainEvent } from '../events.js';
import type { SecurePaymentStatus } from './status.js';

/**
 * Internal outbox event of every secure payment status change. It is not a webhook event (the
 * spec defines none for these transitions), so the webhook fan-out skips it; it records the
 * transition in the same transaction as the change, for audit and for consumers to come.
 */
const SECURE_PAYMENT_STATUS_CHANGED = 'secure_payment.status_changed';

export interface SecurePaymentStatusChanged {
  token: string;
  from: SecurePaymentStatus;
  to: SecurePaymentStatus;
  platformId: string;
  clientIdId: string | null;
  orchestratorId: string | null;
  reason:
    | 'settled'
    | 'reversed'
    | 'expired'
    | 'invalidated'
    | 'screening_rejected'
    | 'payer_not_allowed'
    | 'payer_screening_rejected'
    /** Paid after its expiry: within the platform's late window (completed) or beyond it (expired). */
    | 'late'
    /** The platform accepted an exception of its payment (POST /v2/exceptions/{id}/accept). */
    | 'accepted';
  at: string;
}

export function securePaymentStatusChanged(change: SecurePaymentStatusChanged): DomainEvent {
  return { type: SECURE_PAYMENT_STATUS_CHANGED, aggregateType: 'secure_payment', aggregateId: change.token, payload: { ...change } };
}
