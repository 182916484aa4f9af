import type { PaymentConfirmedPayload } from './current-payloads.js';

/**
 * Payloads of the legacy events (API-only integrations). The spec shows payment.processing,
 * payment.partial and compliance.updated; for payment.refunded, payment_detail.updated and
 * request.recurring it shows no payload, so Payrail types the identifying fields Request
 * Network's public clients read and leaves the rest open.
 */

export interface PaymentPartialPayload extends Omit<PaymentConfirmedPayload, 'event' | 'clientId'> {
  event: 'payment.partial';
}

export interface PaymentProcessingPayload {
  event: 'payment.processing';
  requestId: string;
  requestID: string;
  paymentReference: string;
  offrampId: string;
  timestamp: string;
  /** initiated | pending_internal_assessment | ongoing_checks | sending_fiat | fiat_sent | bounced | failed */
  subStatus: string;
  paymentProcessor: string;
  rawPayload: Record<string, unknown>;
}

export interface ComplianceUpdatedPayload {
  event: 'compliance.updated';
  clientUserId: string;
  kycStatus: string;
  agreementStatus: string;
  isCompliant: boolean;
  timestamp: string;
  rawPayload: Record<string, unknown>;
}

/** Not shown by the spec: identifying fields, then whatever the emitter adds. */
export interface PaymentRefundedPayload {
  event: 'payment.refunded';
  requestId: string;
  requestID: string;
  paymentReference: string;
  timestamp: string;
  [field: string]: unknown;
}

/**
 * Not shown by the spec: `paymentDetailsId` and `status` (approved | failed | pending) are what
 * clients read. Payrail adds the payer (`clientUserId`, `userId`) and the provider's raw update.
 */
export interface PaymentDetailUpdatedPayload {
  event: 'payment_detail.updated';
  paymentDetailsId: string;
  status: string;
  timestamp: string;
  clientUserId?: string | null;
  userId?: string;
  rawPayload?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * Not shown by the spec: the request issued for a new period of a recurring invoice (POST
 * /v2/request with `recurrence`) and the series' first request it continues. Payrail sends the
 * identifying fields Request Network's clients read (easy-invoice: `originalRequestId`,
 * `requestId`, `paymentReference`), then the period's terms (see docs/invoices.md).
 */
export interface RequestRecurringPayload {
  event: 'request.recurring';
  requestId: string;
  requestID: string;
  paymentReference: string;
  originalRequestId: string;
  originalRequestPaymentReference: string;
  /** When the period's request was issued (ISO 8601). */
  timestamp: string;
  clientId?: string | null;
  /** 1 for the first period after the created request (period 0), and so on. */
  period?: number;
  /** When the period starts (ISO 8601): the series' startDate plus `period` periods. */
  periodStart?: string;
  recurrence?: { startDate: string; frequency: string };
  [field: string]: unknown;
}
