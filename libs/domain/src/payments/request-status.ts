/**
 * A request's settlement state. `pending` until payment detection sees a payment; then `partial`
 * (paid less than expected), `paid` (exactly the expected amount) or `overpaid` (more), or
 * `fee_short` (an extension: the expected amount arrived but the fees paid to the request's fee
 * address fall short of its fee amount).
 */
export const REQUEST_STATUSES = ['pending', 'partial', 'paid', 'overpaid', 'fee_short'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The status a request has after `paid` base units were detected against `expected` (fees aside).
 * `settlesAt` (at most `expected`): the amount from which it counts as paid, lower than expected
 * under the platform's underpaid tolerance or once an underpayment was accepted (issue #35).
 */
export function statusForAmountPaid(expected: bigint, paid: bigint, settlesAt: bigint = expected): RequestStatus {
  if (paid <= 0n) return 'pending';
  if (paid < expected && paid < settlesAt) return 'partial';
  if (paid < expected) return 'paid';
  return paid === expected ? 'paid' : 'overpaid';
}

/**
 * The status once the fee is judged too: it is judged when the amount reaches the expected amount
 * (transfers may split a request, so fees count in aggregate); short of `feeDue` it is `fee_short`.
 */
export function statusForPayment(expected: bigint, paid: bigint, feeDue: bigint, feePaid: bigint, settlesAt?: bigint): RequestStatus {
  const byAmount = statusForAmountPaid(expected, paid, settlesAt);
  if ((byAmount === 'paid' || byAmount === 'overpaid') && feePaid < feeDue) return 'fee_short';
  return byAmount;
}

/** Request Network's `hasBeenPaid`: the expected amount has been reached, and its fee with it. */
export function hasBeenPaid(status: RequestStatus): boolean {
  return status === 'paid' || status === 'overpaid';
}
