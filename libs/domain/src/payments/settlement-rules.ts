import { statusForPayment, type RequestStatus } from './request-status.js';
import { payerAllowed } from '../secure-payments/access.js';

/** What a request expects on chain. EVM addresses compare case-insensitively (checksums); Tron base58 exactly. */
export interface PaymentTerms {
  /** The fee proxy the request's payment goes through. */
  proxy: string;
  payee: string;
  /** Token contract; null for the native currency. */
  token: string | null;
  expected: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  /** The amount from which the request counts as paid (default `expected`): see statusForAmountPaid. */
  settlesAt?: bigint;
}

/** One fee-proxy payment log with the request's reference. */
export interface ObservedTransfer {
  contract: string;
  to: string;
  token: string | null;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string;
}

export interface PaymentState {
  amountPaid: bigint;
  /** Fees of counted transfers paid to the request's fee address. */
  feePaid: bigint;
  status: RequestStatus;
}

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Hex (EVM) addresses are case-insensitive; base58 (Tron) is case-sensitive, so it must match exactly. */
const same = (a: string | null, b: string | null): boolean => {
  if (a === null || b === null) return a === b;
  return HEX_ADDRESS.test(a) && HEX_ADDRESS.test(b) ? a.toLowerCase() === b.toLowerCase() : a === b;
};

/** A transfer counts toward a request only through its own proxy, to its payee, in its token. */
export function countsToward(terms: PaymentTerms, transfer: ObservedTransfer): boolean {
  return same(transfer.contract, terms.proxy) && same(transfer.to, terms.payee) && same(transfer.token, terms.token);
}

/**
 * A request's state from its confirmed transfers: the amount paid is the sum of the counted
 * ones; the fee paid the sum of their fees that went to the request's fee address; a request
 * whose amount is reached with its fee short is `fee_short` (a request without a fee never is).
 */
export function paymentState(terms: PaymentTerms, transfers: readonly ObservedTransfer[]): PaymentState {
  const counted = transfers.filter((t) => countsToward(terms, t));
  const amountPaid = counted.reduce((sum, t) => sum + t.amount, 0n);
  const feePaid =
    terms.feeAddress === null ? 0n : counted.filter((t) => same(t.feeAddress, terms.feeAddress)).reduce((s, t) => s + t.feeAmount, 0n);
  return { amountPaid, feePaid, status: statusForPayment(terms.expected, amountPaid, terms.feeAmount, feePaid, terms.settlesAt) };
}

/** What a secure payment's access policy says of a wallet that paid it (settlement's payer check). */
export type PayerVerdict =
  | { status: 'allowed' }
  /** The policy refuses the payer: outside the allowlist (or unknown while there is one), or rejected by KYT. */
  | { status: 'refused'; reason: 'payer_not_allowed' | 'payer_screening_rejected' }
  /** Screening is on but gave no definitive result (provider error, or the chain did not name the sender). */
  | { status: 'unscreened' };

/**
 * The verdict on one paying wallet (`payer`: the transaction's sender, or the subscriber of a
 * recurring execution; null when unknown) under an allowlist (empty: anyone) and a KYT screening
 * result (undefined when screening is off).
 */
export function payerVerdict(
  allowedPayerAddresses: readonly string[],
  payer: string | null,
  screening: 'approved' | 'rejected' | 'unavailable' | undefined,
): PayerVerdict {
  if (allowedPayerAddresses.length > 0 && (payer === null || !payerAllowed(allowedPayerAddresses, payer)))
    return { status: 'refused', reason: 'payer_not_allowed' };
  if (screening === 'rejected') return { status: 'refused', reason: 'payer_screening_rejected' };
  if (screening === 'unavailable') return { status: 'unscreened' };
  return { status: 'allowed' };
}
