/**
 * A request's settlement state. `pending` until payment detection sees a payment; then `partial`
 * (paid less than expected), `paid` (exactly the expected amount) or `overpaid` (more).
 */
export const REQUEST_STATUSES = ['pending', 'partial', 'paid', 'overpaid'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The status a request has after `paid` base units were detected against `expected`. */
export function statusForAmountPaid(expected: bigint, paid: bigint): RequestStatus {
  if (paid <= 0n) return 'pending';
  if (paid < expected) return 'partial';
  return paid === expected ? 'paid' : 'overpaid';
}

/** Request Network's `hasBeenPaid`: the expected amount has been reached. */
export function hasBeenPaid(status: RequestStatus): boolean {
  return status === 'paid' || status === 'overpaid';
}
