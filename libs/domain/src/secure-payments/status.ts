/** Statuses of a single secure payment (spec: Secure payment data (single)). */
export const SINGLE_SECURE_PAYMENT_STATUSES = ['pending', 'completed', 'expired', 'invalidated', 'compliance_failed'] as const;
/** Statuses of a multicall payout (spec: Multicall payout state). */
export const MULTICALL_STATUSES = ['pending', 'expired', 'completed', 'partially_settled'] as const;

export type SecurePaymentStatus = (typeof SINGLE_SECURE_PAYMENT_STATUSES)[number] | (typeof MULTICALL_STATUSES)[number];
/** `batch`: several payouts paid in one transaction through the network's batch contract (POST /v2/secure-payments/batch-payouts). */
export type SecurePaymentType = 'single' | 'multicall' | 'batch';

/** Default lifetime of a payment link: 7 days (request-network-facts 1.10: links expire after 7 days or once paid). */
export const DEFAULT_SECURE_PAYMENT_EXPIRY_SECONDS = 7 * 24 * 3600;
export const MAX_SECURE_PAYMENT_EXPIRY_SECONDS = 90 * 24 * 3600;
export const MIN_SECURE_PAYMENT_EXPIRY_SECONDS = 60;

/** Statuses no transition leaves. */
export function isFinalStatus(status: SecurePaymentStatus): boolean {
  return status === 'completed' || status === 'expired' || status === 'invalidated' || status === 'compliance_failed';
}

/**
 * The status a reader sees: a stored open status (pending, partially_settled) past its expiry
 * reads as `expired`; the stored row is moved to `expired` by the use case that noticed it.
 */
export function effectiveStatus(stored: SecurePaymentStatus, expiresAt: Date, now: Date): SecurePaymentStatus {
  if (!isFinalStatus(stored) && expiresAt.getTime() <= now.getTime()) return 'expired';
  return stored;
}

/**
 * The status after a request of the payment was settled (again): every request paid completes
 * the payment; some paid moves a multicall to `partially_settled`; a single payment stays pending
 * until all are paid. A reorg that takes a payment back moves `completed` (or `partially_settled`)
 * back to what the remaining payments justify. Undefined when nothing changes; expired,
 * invalidated and compliance_failed are never left.
 */
export function statusAfterSettlement(
  current: SecurePaymentStatus,
  type: SecurePaymentType,
  paid: number,
  total: number,
): SecurePaymentStatus | undefined {
  if (current !== 'completed' && isFinalStatus(current)) return undefined;
  const next: SecurePaymentStatus = paid >= total ? 'completed' : paid > 0 && type === 'multicall' ? 'partially_settled' : 'pending';
  return next === current ? undefined : next;
}

/** Why a creator cannot invalidate, or undefined when it can (only open payments can be invalidated). */
export function invalidationRefusal(status: SecurePaymentStatus): string | undefined {
  return isFinalStatus(status) ? `Secure payment is ${status} and can no longer be invalidated` : undefined;
}
