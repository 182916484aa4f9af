import type { PaymentDetailStatus } from './offramp.js';

/** The payee's bank account as the provider receives it (decrypted, from POST /v2/payer/{clientUserId}/payment-details). */
export interface BankAccount {
  bankName: string;
  accountName: string;
  beneficiaryType: 'individual' | 'business';
  /** ISO 4217, upper-case. */
  currency: string;
  rails: 'local' | 'swift' | 'wire';
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state?: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  dateOfBirth: string;
  [field: string]: string | undefined;
}

/** POST /v2/payer/{clientUserId}/payment-details, forwarded. Idempotent by `paymentDetailsId`. */
export interface RegisterPaymentDetails {
  /** Payrail's id of the payment details: the provider's idempotency key. */
  paymentDetailsId: string;
  /** Payrail's payer id (the payer's KYC at the provider is keyed by it). */
  payerId: string;
  account: BankAccount;
}

export interface RegisteredPaymentDetails {
  /** The provider's own reference; its later updates name it. */
  providerRef: string;
  /** Usually `pending`: the decision arrives later as an update. */
  status: PaymentDetailStatus;
}

/** GET /v2/request/{id}/pay with payment details: an off-ramp for one request. Idempotent by `requestId`. */
export interface OpenOfframp {
  /** Payrail's request id: the provider's idempotency key (one off-ramp per request). */
  requestId: string;
  paymentReference: string;
  payerId: string;
  paymentDetailsRef: string;
  network: string;
  /** The token the payer sends (symbol) and its contract address. */
  currency: string;
  tokenAddress: string;
  /** What the payer sends, in the token's base units. */
  amount: bigint;
}

export interface OpenedOfframp {
  /** The provider's id of the off-ramp; the `offrampId` of payment.processing. */
  offrampId: string;
  /** Where the payer's tokens go (through Request Network's fee proxy, with the request's reference). */
  depositAddress: string;
}

/**
 * An off-ramp (crypto-to-fiat) provider: receives payees' bank accounts, opens one off-ramp with
 * a deposit address per request, and reports progress as updates (payment-detail decisions and
 * off-ramp sub-statuses) that Payrail applies through its ApplyOfframpUpdate use case, from the
 * provider's webhook or from polling. Both calls must be idempotent on their key: Payrail calls
 * again after a timeout and expects the same answer. docs/crypto-to-fiat.md says what a real
 * adapter must do.
 */
export interface OfframpProvider {
  readonly name: string;
  registerPaymentDetails(input: RegisterPaymentDetails): Promise<RegisteredPaymentDetails>;
  openOfframp(input: OpenOfframp): Promise<OpenedOfframp>;
}

/** An update from the provider, with its raw payload (forwarded in the webhook events). */
export type OfframpUpdate =
  | { kind: 'payment_detail'; providerRef: string; status: PaymentDetailStatus; rawPayload: Record<string, unknown> }
  | { kind: 'offramp'; offrampId: string; subStatus: string; rawPayload: Record<string, unknown> };
