/** Why an execution failed: the schedule's `failureReason` and the `payment.failed` subStatus. */
export interface ExecutionFailure {
  reason: string;
  subStatus: 'insufficient_balance' | 'insufficient_allowance' | 'execution_reverted';
}

/** Consecutive failures after which a schedule is paused. */
const MAX_CONSECUTIVE_FAILURES = 3;

/**
 * The payer's side first (what Request Network reports: "Insufficient token balance",
 * "Insufficient token allowance"), else the contract's revert (custom error name or message).
 */
export function classifyFailure(
  payer: { balance: bigint; allowance: bigint },
  needed: bigint,
  revert: string | null,
): ExecutionFailure | null {
  if (payer.balance < needed) return { reason: 'Insufficient token balance', subStatus: 'insufficient_balance' };
  if (payer.allowance < needed) return { reason: 'Insufficient token allowance', subStatus: 'insufficient_allowance' };
  if (revert !== null) return { reason: `Transaction reverted: ${revert}`, subStatus: 'execution_reverted' };
  return null;
}

/** After a failure: the new count and whether the schedule pauses now. */
export function afterFailure(failureCount: number): { failureCount: number; pause: boolean } {
  const next = failureCount + 1;
  return { failureCount: next, pause: next >= MAX_CONSECUTIVE_FAILURES };
}
