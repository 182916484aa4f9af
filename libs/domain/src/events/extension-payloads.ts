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
