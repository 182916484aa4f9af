import { formatAmount } from '../payments/amount.js';
import type { RequestStatus } from '../payments/request-status.js';

/** What went wrong with a payment (issue #35). */
export const EXCEPTION_KINDS = [
  'underpaid',
  'overpaid',
  'late',
  'wrong_token',
  'unexpected_payer',
  'screening_rejected',
  'unsweepable',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** `open` and `remainder_requested` still wait for something; the others are decided. */
export const EXCEPTION_STATUSES = ['open', 'accepted', 'refunded', 'remainder_requested', 'resolved'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];
export const LIVE_EXCEPTION_STATUSES: readonly ExceptionStatus[] = ['open', 'remainder_requested'];

/**
 * How an exception was resolved. Automatic: `within_tolerance` (an underpayment within the
 * platform's tolerance), `within_late_window` (paid after expiry, within the late window),
 * `paid_in_full` (the rest of an underpayment arrived), `reversed` (a reorg took away the payment
 * that raised it). By the platform: `accepted`, `remainder_paid` (the remainder link was paid),
 * `refunded` (a refund linked to it was confirmed on chain).
 */
export type ExceptionResolution =
  'within_tolerance' | 'within_late_window' | 'paid_in_full' | 'reversed' | 'accepted' | 'remainder_paid' | 'refunded';

/** The platform's underpaid tolerance: basis points of the expected amount, or an amount in each request's invoice currency. */
export interface UnderpaidTolerance {
  bps: number | null;
  /** Decimal string ("0.50"), read in the request's invoice currency (extra decimals are cut). */
  amount: string | null;
}

export const NO_TOLERANCE: UnderpaidTolerance = { bps: null, amount: null };

/** A non-negative decimal string in base units of a currency with `decimals` decimals, extra decimals cut. */
export function unitsDown(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
}

/** `units` of the payment token in the invoice currency, at the request's own rate (invoiceAmount per expectedAmount), rounded down. */
export function inInvoiceUnits(units: bigint, expected: bigint, invoiceAmount: bigint): bigint | null {
  return expected > 0n ? (units * invoiceAmount) / expected : null;
}

/** The request's rate as a decimal string: invoice currency per one payment token, 18 decimals at most. */
export function rateOf(expected: bigint, currencyDecimals: number, invoiceAmount: bigint, invoiceDecimals: number): string | null {
  if (expected <= 0n) return null;
  const scaled = (invoiceAmount * 10n ** BigInt(currencyDecimals) * 10n ** 18n) / (expected * 10n ** BigInt(invoiceDecimals));
  return formatAmount(scaled, 18);
}

/**
 * The amount (token base units) from which a request counts as paid: `expected` less the
 * platform's tolerance (a percentage of expected, or an amount in the invoice currency converted
 * at the request's rate, rounded down), and never above an accepted underpayment.
 */
export function settlesAt(
  request: { expected: bigint; invoiceAmount: bigint; invoiceDecimals: number; accepted: bigint | null },
  tolerance: UnderpaidTolerance,
): bigint {
  const { expected, invoiceAmount } = request;
  let allowed = 0n;
  if (tolerance.bps !== null) allowed = (expected * BigInt(tolerance.bps)) / 10_000n;
  else if (tolerance.amount !== null && invoiceAmount > 0n)
    allowed = (unitsDown(tolerance.amount, request.invoiceDecimals) * expected) / invoiceAmount;
  const byTolerance = expected - (allowed > expected ? expected : allowed);
  return request.accepted !== null && request.accepted < byTolerance ? request.accepted : byTolerance;
}

/** An amount exception the request's state calls for; `auto`: raised already resolved. */
export interface AmountFact {
  kind: 'underpaid' | 'overpaid';
  auto?: ExceptionResolution;
}

/**
 * The amount exceptions of a request's settled state: paid short of expected and still `partial`
 * is an open underpayment; paid short but counted as paid (tolerance, accepted) is an
 * underpayment resolved `within_tolerance`; paid more than expected is an open overpayment.
 */
export function amountFacts(status: RequestStatus, expected: bigint, amountPaid: bigint): AmountFact[] {
  if (amountPaid <= 0n) return [];
  if (amountPaid > expected) return [{ kind: 'overpaid' }];
  if (amountPaid === expected) return [];
  return status === 'partial' ? [{ kind: 'underpaid' }] : [{ kind: 'underpaid', auto: 'within_tolerance' }];
}

/**
 * When a payment was made against its link's expiry: `none` (on time, or no expiry), `within`
 * (after expiry, within the platform's late window: still accepted), `beyond` (not accepted: the
 * link stays expired). `paidAt` is the block time of the transfer that completed the payment.
 */
export function lateness(paidAt: Date, expiresAt: Date | null, windowSeconds: number): 'none' | 'within' | 'beyond' {
  if (expiresAt === null || paidAt.getTime() <= expiresAt.getTime()) return 'none';
  return paidAt.getTime() <= expiresAt.getTime() + windowSeconds * 1000 ? 'within' : 'beyond';
}

/** Why an exception cannot be accepted now, or undefined. */
export function acceptRefusal(kind: ExceptionKind, status: ExceptionStatus): string | undefined {
  if (status !== 'open') return `Exception is ${status}; only an open exception can be accepted`;
  if (kind === 'wrong_token' || kind === 'unsweepable')
    return `A ${kind} exception cannot be accepted: the funds never reached the payee (refund them instead)`;
  return undefined;
}

/** Why a remainder cannot be requested for this exception now, or undefined. */
export function remainderRefusal(kind: ExceptionKind, status: ExceptionStatus): string | undefined {
  if (kind !== 'underpaid') return 'A remainder can be requested only for an underpaid exception';
  if (status !== 'open') return `Exception is ${status}; a remainder can be requested only while it is open`;
  return undefined;
}

/**
 * Why an exception cannot be refunded now, or undefined. Only an open exception, with no refund
 * under way for it (`liveRefund`: one linked to it that has neither failed nor been cancelled).
 * wrong_token and unsweepable funds sit in the deposit forwarder: their refund comes from there
 * (payee-signed, relayer-sent; `refundSourceOf`), never from the payee's wallet.
 */
export function refundRefusal(status: ExceptionStatus, liveRefund: string | null): string | undefined {
  if (status !== 'open') return `Exception is ${status}; only an open exception can be refunded`;
  if (liveRefund !== null) return `Exception already has refund ${liveRefund} under way; it is resolved when that refund is confirmed`;
  return undefined;
}

/** Where an exception's refund comes from: the funds of wrong_token and unsweepable never left the deposit forwarder. */
export function refundSourceOf(kind: ExceptionKind): 'payee_wallet' | 'deposit_forwarder' {
  return kind === 'wrong_token' || kind === 'unsweepable' ? 'deposit_forwarder' : 'payee_wallet';
}

/**
 * What refunding an exception gives back by default (token base units): for `overpaid` the excess
 * received above expected; for the others (underpaid, late, unexpected_payer, screening_rejected)
 * everything received (the payment is returned whole).
 */
export function exceptionRefundDefault(e: { kind: ExceptionKind; expectedAmount: bigint; receivedAmount: bigint }): bigint {
  if (e.kind === 'overpaid') return e.receivedAmount > e.expectedAmount ? e.receivedAmount - e.expectedAmount : 0n;
  return e.receivedAmount;
}
