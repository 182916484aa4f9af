/**
 * Payloads of the current webhook events, field for field as the spec lists them (spec:
 * Events, Payload shapes). Identity rules: a payload of something created with a Client ID
 * carries `clientId` (the public `cli_...` value); one created through an orchestrator also
 * carries `orchestratorId`, fixed at creation. Both are absent (or null) otherwise.
 */

/** Decimal strings, e.g. "100.0". */
type Decimal = string;
/** ISO 8601 date-time. */
type Timestamp = string;

interface Identity {
  clientId?: string | null;
  orchestratorId?: string | null;
}

export interface ClientIdLinkedPayload {
  event: 'client_id.linked';
  clientId: string;
  orchestratorId: string;
  linkId: string;
  intentId: string;
  externalId: string | null;
  destinationId: string;
  destinationWalletAddress: string;
  chain: string;
  currency: string;
  timestamp: Timestamp;
}

export interface PaymentFee {
  type: string;
  amount: Decimal;
  currency: string;
}

export interface PaymentConfirmedPayload extends Identity {
  event: 'payment.confirmed';
  requestId: string;
  /** Same value as requestId (legacy spelling kept for v1 clients). */
  requestID: string;
  paymentReference: string;
  /** Link to a block explorer when available. */
  explorer: string | null;
  amount: Decimal;
  totalAmountPaid: Decimal;
  expectedAmount: Decimal;
  timestamp: Timestamp;
  txHash: string;
  /** Resolved payer wallet, or null. */
  payerAddress: string | null;
  /** Connected wallet, or null; differs from payerAddress when a smart account pays. */
  payerEoaAddress: string | null;
  network: string;
  currency: string;
  paymentCurrency: string;
  isCryptoToFiat: boolean;
  subStatus: string;
  paymentProcessor: string;
  fees: PaymentFee[];
  /** Set when the payment is an execution of a recurring payment. */
  recurringPayment?: { id: string };
  /** Set when the request is a period of a recurring invoice (the series' first request), or was created naming one (POST /v2/request). */
  originalRequestId?: string;
  originalRequestPaymentReference?: string;
}

export interface PaymentFailedPayload {
  event: 'payment.failed';
  requestId: string;
  requestID: string;
  paymentReference: string;
  clientId?: string | null;
  subStatus: string;
  paymentProcessor: string;
  /** Set when a recurring payment's execution failed. */
  recurringPayment?: { id: string };
  /** Extension (issue #37), recurring executions: the attempt's number for this period and when dunning tries again (ISO 8601 chain time; null: no retry). */
  attempt?: number;
  nextAttemptAt?: string | null;
  /** As on payment.confirmed: the first request of the recurring invoice the request is a period of. */
  originalRequestId?: string;
  originalRequestPaymentReference?: string;
  /** Extension, with `subStatus: "fee_short"`: the transaction that reached the amount, and the fee expected and paid (decimal strings). */
  txHash?: string;
  expectedFeeAmount?: Decimal;
  paidFeeAmount?: Decimal;
}

export interface KytScreeningCompletedPayload extends Identity {
  event: 'kyt.screening.completed';
  paymentToken: string;
  walletAddress: string;
  eoaAddress: string;
  smartAccountAddress: string | null;
  /** Only definitive results are emitted; provider errors are not. */
  status: 'approved' | 'rejected';
  provider: string;
  /** Null when the provider account's default policy was used. */
  policyId: string | null;
  timestamp: Timestamp;
}

export const USER_EVENTS = ['wallet_connected', 'payment_sent_to_wallet', 'payment_approved_in_wallet'] as const;
export type UserEvent = (typeof USER_EVENTS)[number];

/** Browser-reported properties; wallets appear only hashed (`wallet_address_hashed`). */
export interface UserEventProperties {
  wallet_provider?: string;
  payment_submission_id?: string;
  payment_submission_id_type?: string;
  selected_source_chain?: string;
  payment_type?: string;
  wallet_address_hashed?: string;
  [property: string]: unknown;
}

export interface SecurePaymentUserEventPayload extends Identity {
  event: 'secure_payment.user_event';
  userEvent: UserEvent;
  securePaymentToken: string;
  requestId: string;
  requestIds: string[];
  occurredAt: Timestamp;
  timestamp: Timestamp;
  properties: UserEventProperties;
}

export interface SecurePaymentAccessRejectedPayload extends Identity {
  event: 'secure_payment.access_rejected';
  requestId: string;
  /** EVM addresses lowercased; TRON addresses keep their case. */
  attemptedPayerWalletAddress: string;
  /** Emission time. */
  timestamp: Timestamp;
}
