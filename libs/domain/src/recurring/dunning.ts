import { nextDelay } from '../retry-schedule.js';
import { type FailureReason, OPERATOR_REASONS, UNRECOVERABLE_REASONS } from './failure-reasons.js';

/**
 * A platform's dunning policy (issue #37), in seconds: the delays between attempts at a failed
 * period (the last repeating), the grace period after its first failure during which the
 * schedule stays active and is retried, and how long a past-due (paused) schedule waits for the
 * subscriber before it is cancelled for nonpayment (null: never).
 */
export interface DunningPolicy {
  retryDelaysSeconds: readonly number[];
  gracePeriodSeconds: number;
  cancelAfterSeconds: number | null;
}

const DAY = 86_400;

/** 5 min, 30 min, 2 h, 20 h, then daily, within 14 days; cancelled 7 days after going past due. */
export const DEFAULT_DUNNING_POLICY: DunningPolicy = {
  retryDelaysSeconds: [300, 1800, 7200, 72_000, DAY],
  gracePeriodSeconds: 14 * DAY,
  cancelAfterSeconds: 7 * DAY,
};

/** What follows a failed attempt: another attempt at an absolute chain time, or past due (paused). */
export type DunningStep = { kind: 'retry'; nextAttemptAt: number } | { kind: 'past_due' };

/**
 * After failed attempt number `attempts` (1 for the period's first) at chain time `now` (seconds),
 * the period having first failed at `since`. Unrecoverable reasons go past due at once; an
 * operator-side reason (relayer funds, RPC) never does: past the grace period it is retried at
 * the schedule's last delay until it clears.
 */
export function afterFailedAttempt(
  policy: DunningPolicy,
  reason: FailureReason,
  attempts: number,
  since: number,
  now: number,
): DunningStep {
  if (UNRECOVERABLE_REASONS.includes(reason)) return { kind: 'past_due' };
  const schedule = { delays: policy.retryDelaysSeconds, horizon: policy.gracePeriodSeconds };
  const delay = nextDelay(schedule, attempts - 1, now - since);
  if (delay !== null) return { kind: 'retry', nextAttemptAt: now + delay };
  if (OPERATOR_REASONS.includes(reason))
    return { kind: 'retry', nextAttemptAt: now + policy.retryDelaysSeconds[policy.retryDelaysSeconds.length - 1] };
  return { kind: 'past_due' };
}

/** When a schedule past due since `pastDueAt` (seconds) is cancelled for nonpayment; null: never. */
export function cancelAt(policy: DunningPolicy, pastDueAt: number): number | null {
  return policy.cancelAfterSeconds === null ? null : pastDueAt + policy.cancelAfterSeconds;
}

/** Pre-due check thresholds, hours before the due time. */
export const PRE_DUE_HOURS = [72, 24] as const;
export type PreDueHours = (typeof PRE_DUE_HOURS)[number];

/**
 * The threshold a period due at `dueAt` is in at chain time `now`: the smallest one already
 * reached (24 h when under 24 h remain, else 72 h when under 72 h), null before 72 h or once due.
 */
export function preDueThreshold(dueAt: number, now: number): PreDueHours | null {
  const left = dueAt - now;
  if (left <= 0) return null;
  if (left <= 24 * 3600) return 24;
  if (left <= 72 * 3600) return 72;
  return null;
}
