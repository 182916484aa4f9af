import type { PaymentExceptionView } from '../exceptions/exception-record.js';

/**
 * Payloads of Payrail's extension events (not in the spec).
 *
 * `payment.reversed`: a chain reorganisation replaced the blocks of settled payments of a
 * request, and the request was settled again from what the chain still holds. Sent once per
 * request whose paid amount (or paid fee) went down, with the payment.confirmed identity fields.
 */
export interface PaymentReversedPayload {
  event: 'payment.reversed';
  requestId: string;
  /** Same value as requestId. */
  requestID: string;
  paymentReference: string;
  clientId?: string | null;
  orchestratorId?: string | null;
  network: string;
  currency: string;
  paymentCurrency: string;
  /** The transactions whose payments the chain no longer holds. */
  txHashes: string[];
  /** How much the request's paid amount went down, decimal string in the payment currency. */
  amountReversed: string;
  /** The paid amount after the reversal. */
  totalAmountPaid: string;
  expectedAmount: string;
  /** The request's status after the reversal: pending, partial, or fee_short (a reversed fee top-up). */
  status: string;
  /** ISO 8601: when the reversal was settled. */
  timestamp: string;
}

/**
 * `webhook_endpoint.disabled`: Payrail deactivated an endpoint of the owner (issue #22): every
 * attempt failed for the auto-disable period (`failing`), or the receiver answered 410 Gone to
 * an endpoint on the extended schedule (`gone`). Sent to the owner's other active endpoints;
 * the endpoint's `disabledReason` and `disabledAt` show it in list responses until reactivated.
 */
export interface WebhookEndpointDisabledPayload {
  event: 'webhook_endpoint.disabled';
  webhookId: string;
  url: string;
  reason: 'failing' | 'gone';
  /** ISO 8601: start of the run of failed attempts, or null. */
  failingSince: string | null;
  clientId: string | null;
  orchestratorId: string | null;
  /** ISO 8601: when it was disabled. */
  timestamp: string;
}

/**
 * `payment.exception` (raised) and `payment.exception.resolved` (issue #35, docs/exceptions.md):
 * the exception as GET /v2/exceptions shows it, with the request's identity fields. Amounts are
 * decimal strings: token amounts in the payment currency, invoice amounts in the invoice currency.
 */
export type PaymentExceptionPayload<E extends 'payment.exception' | 'payment.exception.resolved'> = Omit<PaymentExceptionView, 'id'> & {
  event: E;
  exceptionId: string;
  /** Same value as requestId. */
  requestID: string;
  paymentReference: string;
  clientId: string | null;
  orchestratorId: string | null;
  /** ISO 8601. */
  timestamp: string;
};

/**
 * `refund.created`, `refund.confirmed`, `refund.failed` (issue #35): a refund of a request, given
 * back from the payee's wallet through the request's fee proxy under the refund's own payment
 * reference. Created: awaiting the payee's signature. Confirmed: detection saw its transfer under
 * the network's confirmations. Failed: its confirmed transfer was removed by a reorg.
 */
export interface RefundPayload<E extends 'refund.created' | 'refund.confirmed' | 'refund.failed'> {
  event: E;
  refundId: string;
  requestId: string;
  /** Same value as requestId. */
  requestID: string;
  /** The refunded request's payment reference. */
  paymentReference: string;
  /** The payment exception the refund resolves, or null. */
  exceptionId: string | null;
  clientId: string | null;
  orchestratorId: string | null;
  network: string;
  /** The payment currency (the refund is in the currency that was paid). */
  currency: string;
  /** Decimal string in the payment currency. */
  amount: string;
  /** The wallet the refund goes to. */
  to: string;
  status: 'awaiting_signature' | 'submitted' | 'confirmed' | 'failed' | 'cancelled';
  /** Who pays it back: the payee's wallet, or the deposit forwarder (payee-signed, relayer-sent). */
  source: 'payee_wallet' | 'deposit_forwarder';
  /** The refund's own payment reference (the fee-proxy call carries it). */
  refundPaymentReference: string;
  txHash: string | null;
  failureReason: string | null;
  /** ISO 8601. */
  timestamp: string;
}

/**
 * `reconciliation.completed` (issue #36): a run comparing the ledger with the fee proxies' logs of
 * a network and time window finished. A platform's own run is sent to it; an operator-wide run
 * (nightly, `admin reconcile`) to each platform with discrepancies among its requests, counting
 * only those. Read the evidence with GET /v2/reconciliation/runs/{runId}.
 */
export interface ReconciliationCompletedPayload {
  event: 'reconciliation.completed';
  runId: string;
  network: string;
  /** ISO 8601: the window reconciled, [from, to). */
  from: string;
  to: string;
  fromBlock: number | null;
  toBlock: number | null;
  /** Discrepancies by class (missing_in_ledger, missing_on_chain, amount_mismatch, fee_mismatch, status_mismatch). */
  discrepancies: Record<string, number>;
  totalDiscrepancies: number;
  /** ISO 8601: when the run completed. */
  timestamp: string;
}

/** `test_clock.ready` (extension, issue #37): a test clock finished advancing to `frozenTime`. */
export interface TestClockReadyPayload {
  event: 'test_clock.ready';
  testClockId: string;
  /** ISO 8601: the clock's time now. */
  frozenTime: string;
  /** ISO 8601: the clock's time before the advance. */
  previousFrozenTime: string;
  /** Periods of attached schedules executed during the advance. */
  executedPayments: number;
  /** Periods attempted during the advance that failed (payment.failed was sent for each). */
  failedPayments: number;
  /** ISO 8601: when the advance finished (wall time). */
  timestamp: string;
}

/**
 * `payment.upcoming` / `payment.at_risk` (issue #37): a pre-due check of a recurring payment's
 * next period, 72 h and 24 h before it is due (chain time), once per period and threshold. At
 * risk when the subscriber's balance or allowance (or the permit) would not let it execute:
 * `subStatus` says why (a failure reason); null on `payment.upcoming`.
 */
export interface RecurringNoticePayload<E extends 'payment.upcoming' | 'payment.at_risk'> {
  event: E;
  recurringPaymentId: string;
  /** 1-based period number. */
  index: number;
  /** ISO 8601: when the period is due. */
  dueAt: string;
  hoursBefore: 72 | 24;
  /** Decimal string in the payment currency: what the period pulls (amount + fee + gas fee). */
  amount: string;
  paymentCurrency: string;
  network: string;
  payerAddress: string;
  subStatus: string | null;
  clientId: string | null;
  /** ISO 8601: the chain time of the check. */
  timestamp: string;
}

/**
 * `schedule.past_due` (issue #37): dunning gave up on a period (retries used up, or a reason no
 * retry fixes) and paused the schedule; `cancelAt` is when it is cancelled for nonpayment unless
 * the subscriber fixes it (null: never). `schedule.canceled_for_nonpayment`: that happened.
 */
export interface ScheduleDunningPayload<E extends 'schedule.past_due' | 'schedule.canceled_for_nonpayment'> {
  event: E;
  recurringPaymentId: string;
  status: 'paused' | 'cancelled';
  subStatus: string | null;
  failureReason: string | null;
  failureCount: number;
  processedPayments: number;
  totalPayments: number;
  /** ISO 8601 (chain time). */
  pastDueAt: string | null;
  cancelAt: string | null;
  clientId: string | null;
  /** ISO 8601 (chain time). */
  timestamp: string;
}
