import type {
  ClientIdLinkedPayload,
  KytScreeningCompletedPayload,
  PaymentConfirmedPayload,
  PaymentFailedPayload,
  SecurePaymentAccessRejectedPayload,
  SecurePaymentUserEventPayload,
} from './current-payloads.js';
import type {
  ComplianceUpdatedPayload,
  PaymentDetailUpdatedPayload,
  PaymentPartialPayload,
  PaymentProcessingPayload,
  PaymentRefundedPayload,
  RequestRecurringPayload,
} from './legacy-payloads.js';
import type {
  PaymentExceptionPayload,
  PaymentReversedPayload,
  ReconciliationCompletedPayload,
  RecurringNoticePayload,
  RefundPayload,
  TestClockReadyPayload,
  ScheduleDunningPayload,
  WebhookEndpointDisabledPayload,
} from './extension-payloads.js';
import type { WebhookEventName } from './names.js';

/** The payload type of every webhook event, by name. */
export interface WebhookPayloads {
  'client_id.linked': ClientIdLinkedPayload;
  'payment.confirmed': PaymentConfirmedPayload;
  'payment.failed': PaymentFailedPayload;
  'kyt.screening.completed': KytScreeningCompletedPayload;
  'secure_payment.user_event': SecurePaymentUserEventPayload;
  'secure_payment.access_rejected': SecurePaymentAccessRejectedPayload;
  'payment.partial': PaymentPartialPayload;
  'payment.refunded': PaymentRefundedPayload;
  'payment.processing': PaymentProcessingPayload;
  'compliance.updated': ComplianceUpdatedPayload;
  'payment_detail.updated': PaymentDetailUpdatedPayload;
  'request.recurring': RequestRecurringPayload;
  'payment.reversed': PaymentReversedPayload;
  'webhook_endpoint.disabled': WebhookEndpointDisabledPayload;
  'payment.exception': PaymentExceptionPayload<'payment.exception'>;
  'payment.exception.resolved': PaymentExceptionPayload<'payment.exception.resolved'>;
  'refund.created': RefundPayload<'refund.created'>;
  'refund.confirmed': RefundPayload<'refund.confirmed'>;
  'refund.failed': RefundPayload<'refund.failed'>;
  'reconciliation.completed': ReconciliationCompletedPayload;
  'test_clock.ready': TestClockReadyPayload;
  'payment.upcoming': RecurringNoticePayload<'payment.upcoming'>;
  'payment.at_risk': RecurringNoticePayload<'payment.at_risk'>;
  'schedule.past_due': ScheduleDunningPayload<'schedule.past_due'>;
  'schedule.canceled_for_nonpayment': ScheduleDunningPayload<'schedule.canceled_for_nonpayment'>;
}

const NOTICE_FIELDS = [
  'event',
  'recurringPaymentId',
  'index',
  'dueAt',
  'hoursBefore',
  'amount',
  'paymentCurrency',
  'network',
  'payerAddress',
  'subStatus',
  'clientId',
  'timestamp',
] as const;
const DUNNING_FIELDS = [
  'event',
  'recurringPaymentId',
  'status',
  'subStatus',
  'failureReason',
  'failureCount',
  'processedPayments',
  'totalPayments',
  'pastDueAt',
  'cancelAt',
  'clientId',
  'timestamp',
] as const;

const EXCEPTION_FIELDS = [
  'event',
  'exceptionId',
  'requestId',
  'requestID',
  'paymentReference',
  'clientId',
  'orchestratorId',
  'kind',
  'status',
  'resolution',
  'network',
  'paymentCurrency',
  'token',
  'expectedAmount',
  'receivedAmount',
  'invoiceCurrency',
  'expectedInvoiceAmount',
  'receivedInvoiceAmount',
  'rate',
  'rateSource',
  'txHash',
  'logIndex',
  'payerAddress',
  'remainderRequestId',
  'remainderToken',
  'detectedAt',
  'resolvedAt',
  'timestamp',
] as const;

const REFUND_FIELDS = [
  'event',
  'refundId',
  'requestId',
  'requestID',
  'paymentReference',
  'exceptionId',
  'clientId',
  'orchestratorId',
  'network',
  'currency',
  'amount',
  'to',
  'status',
  'refundPaymentReference',
  'txHash',
  'failureReason',
  'timestamp',
] as const;

const CONFIRMED_FIELDS = [
  'event',
  'requestId',
  'requestID',
  'paymentReference',
  'clientId',
  'orchestratorId',
  'explorer',
  'amount',
  'totalAmountPaid',
  'expectedAmount',
  'timestamp',
  'txHash',
  'payerAddress',
  'payerEoaAddress',
  'network',
  'currency',
  'paymentCurrency',
  'isCryptoToFiat',
  'subStatus',
  'paymentProcessor',
  'fees',
] as const;

/**
 * Field order of each payload as the spec lists it. Outbox payloads are stored as jsonb,
 * which does not keep key order, so the dispatcher serializes known fields in this order
 * (then any others) and every delivery body of an event is byte-for-byte predictable.
 */
export const PAYLOAD_FIELD_ORDER: { [E in WebhookEventName]: readonly (keyof WebhookPayloads[E] & string)[] } = {
  'client_id.linked': [
    'event',
    'clientId',
    'orchestratorId',
    'linkId',
    'intentId',
    'externalId',
    'destinationId',
    'destinationWalletAddress',
    'chain',
    'currency',
    'timestamp',
  ],
  'payment.confirmed': CONFIRMED_FIELDS,
  'payment.failed': ['event', 'requestId', 'requestID', 'paymentReference', 'clientId', 'subStatus', 'paymentProcessor'],
  'kyt.screening.completed': [
    'event',
    'paymentToken',
    'clientId',
    'orchestratorId',
    'walletAddress',
    'eoaAddress',
    'smartAccountAddress',
    'status',
    'provider',
    'policyId',
    'timestamp',
  ],
  'secure_payment.user_event': [
    'event',
    'userEvent',
    'securePaymentToken',
    'requestId',
    'requestIds',
    'clientId',
    'orchestratorId',
    'occurredAt',
    'timestamp',
    'properties',
  ],
  'secure_payment.access_rejected': ['event', 'requestId', 'clientId', 'orchestratorId', 'attemptedPayerWalletAddress', 'timestamp'],
  'payment.partial': CONFIRMED_FIELDS.filter((f) => f !== 'clientId'),
  'payment.refunded': ['event', 'requestId', 'requestID', 'paymentReference', 'timestamp'],
  'payment.processing': [
    'event',
    'requestId',
    'requestID',
    'paymentReference',
    'offrampId',
    'timestamp',
    'subStatus',
    'paymentProcessor',
    'rawPayload',
  ],
  'compliance.updated': ['event', 'clientUserId', 'kycStatus', 'agreementStatus', 'isCompliant', 'timestamp', 'rawPayload'],
  'payment_detail.updated': ['event', 'paymentDetailsId', 'status', 'timestamp'],
  'request.recurring': [
    'event',
    'requestId',
    'requestID',
    'paymentReference',
    'originalRequestId',
    'originalRequestPaymentReference',
    'timestamp',
    'clientId',
    'period',
    'periodStart',
    'recurrence',
  ],
  'payment.reversed': [
    'event',
    'requestId',
    'requestID',
    'paymentReference',
    'clientId',
    'orchestratorId',
    'network',
    'currency',
    'paymentCurrency',
    'txHashes',
    'amountReversed',
    'totalAmountPaid',
    'expectedAmount',
    'status',
    'timestamp',
  ],
  'webhook_endpoint.disabled': ['event', 'webhookId', 'url', 'reason', 'failingSince', 'clientId', 'orchestratorId', 'timestamp'],
  'payment.exception': EXCEPTION_FIELDS,
  'payment.exception.resolved': EXCEPTION_FIELDS,
  'refund.created': REFUND_FIELDS,
  'refund.confirmed': REFUND_FIELDS,
  'refund.failed': REFUND_FIELDS,
  'reconciliation.completed': [
    'event',
    'runId',
    'network',
    'from',
    'to',
    'fromBlock',
    'toBlock',
    'discrepancies',
    'totalDiscrepancies',
    'timestamp',
  ],
  'test_clock.ready': ['event', 'testClockId', 'frozenTime', 'previousFrozenTime', 'executedPayments', 'failedPayments', 'timestamp'],
  'payment.upcoming': NOTICE_FIELDS,
  'payment.at_risk': NOTICE_FIELDS,
  'schedule.past_due': DUNNING_FIELDS,
  'schedule.canceled_for_nonpayment': DUNNING_FIELDS,
};
