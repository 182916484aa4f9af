/**
 * `secure_payment.access_rejected` suppression (spec: Events, Limits): repeated rejected
 * attempts by one wallet on one payment notify once per 10 minutes, unless every endpoint
 * failed the last notification.
 */
export const ACCESS_REJECTED_SUPPRESSION_SECONDS = 600;

/** EVM addresses compare lowercased; TRON (Base58) addresses are case-sensitive. */
export function normalizePayerWallet(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address;
}

/** What one suppression window is keyed by: the payment (requestId) and the wallet; null if either is missing. */
export function accessRejectedSubject(payload: Record<string, unknown>): string | null {
  const { requestId, attemptedPayerWalletAddress: wallet } = payload;
  if (typeof requestId !== 'string' || requestId === '' || typeof wallet !== 'string' || wallet === '') return null;
  return `${requestId}:${normalizePayerWallet(wallet)}`;
}
