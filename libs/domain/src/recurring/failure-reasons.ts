/**
 * Why a period of a recurring payment was not paid (issue #37): `payment.failed`'s subStatus,
 * the schedule's `failureSubStatus` and the execution's `subStatus`. `execution_reverted` stays
 * for a revert none of them explains (e.g. the proxy paused by its owner).
 */
export const FAILURE_REASONS = [
  'insufficient_balance',
  'allowance_too_low',
  'allowance_revoked',
  'permit_expired',
  'schedule_cancelled_onchain',
  'screening_blocked',
  'gas_unavailable',
  'rpc_error',
  'execution_reverted',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Reasons no retry can fix without the subscriber acting: dunning goes past due at once. */
export const UNRECOVERABLE_REASONS: readonly FailureReason[] = ['allowance_revoked', 'schedule_cancelled_onchain', 'permit_expired'];

/** Reasons on the operator's side (relayer funds, RPC): retried, but never make a schedule past due. */
export const OPERATOR_REASONS: readonly FailureReason[] = ['gas_unavailable', 'rpc_error'];

/** The schedule's `failureReason` text; balance and allowance keep Request Network's wording. */
const TEXT: Record<FailureReason, string> = {
  insufficient_balance: 'Insufficient token balance',
  allowance_too_low: 'Insufficient token allowance',
  allowance_revoked: 'Token allowance revoked',
  permit_expired: 'Recurring payment permit expired',
  schedule_cancelled_onchain: 'Recurring payment revoked on chain',
  screening_blocked: 'Payer blocked by screening',
  gas_unavailable: 'Relayer has no funds for gas',
  rpc_error: 'Network RPC unavailable',
  execution_reverted: 'Transaction reverted',
};

export interface ClassifiedFailure {
  subStatus: FailureReason;
  reason: string;
}

export function describeFailure(subStatus: FailureReason, detail?: string): ClassifiedFailure {
  return { subStatus, reason: detail ? `${TEXT[subStatus]}: ${detail}` : TEXT[subStatus] };
}

/** What the executor read from the chain (and the screening) around an attempt. */
export interface AttemptSnapshot {
  /** The payer's screening rejected them (a provider error does not block). */
  screeningBlocked: boolean;
  /** The proxy's `revoked(digest)`: the subscriber revoked the permit on chain. */
  revoked: boolean;
  /** Chain time (latest block, seconds) and the permit's deadline. */
  now: number;
  deadline: number;
  balance: bigint;
  allowance: bigint;
  /** What one execution pulls: amount + fee + gas fee. */
  needed: bigint;
  /** The relayer's native balance and the attempt's worst-case gas cost (null when not estimated). */
  relayerBalance: bigint;
  gasCost: bigint | null;
}

/** Contract errors that name a reason by themselves. */
const REVERTS: Partial<Record<string, FailureReason>> = {
  PermitRevoked: 'schedule_cancelled_onchain',
  SignatureExpired: 'permit_expired',
};

/**
 * The reason an attempt cannot (or did not) pay, from the chain's state and the revert the
 * simulation or the transaction met; null when nothing stands in the way. The subscriber's
 * decisions first (revoked, expired, allowance withdrawn), then their funds, then the relayer.
 */
export function classifyAttempt(s: AttemptSnapshot, revert: string | null): ClassifiedFailure | null {
  if (s.screeningBlocked) return describeFailure('screening_blocked');
  if (s.revoked) return describeFailure('schedule_cancelled_onchain');
  if (s.now > s.deadline) return describeFailure('permit_expired');
  if (s.allowance === 0n) return describeFailure('allowance_revoked');
  if (s.balance < s.needed) return describeFailure('insufficient_balance');
  if (s.allowance < s.needed) return describeFailure('allowance_too_low');
  if (s.gasCost !== null && s.relayerBalance < s.gasCost) return describeFailure('gas_unavailable');
  if (revert === null) return null;
  const named = REVERTS[revert];
  return named ? describeFailure(named) : describeFailure('execution_reverted', revert);
}
