import { MAX_TOTAL_EXECUTIONS } from '@payrail/permits';
import type { FREQUENCIES } from '../dto/recurrence.dto.js';
import { invalidField } from '../../payments/planning/invalid.js';

export type Frequency = (typeof FREQUENCIES)[number];

/**
 * The contract pays every `periodSeconds`, a fixed number of seconds: MONTHLY is 30 days and
 * YEARLY 365 days (calendar months and leap years cannot be expressed by one period).
 */
export const PERIOD_SECONDS: Readonly<Record<Frequency, number>> = Object.freeze({
  DAILY: 86_400,
  WEEKLY: 604_800,
  MONTHLY: 2_592_000,
  YEARLY: 31_536_000,
});

/**
 * How long after the last payment's due time the permit stays valid: room for a paused
 * schedule to be unpaused and catch up. Past it the contract refuses every execution.
 */
export const DEADLINE_GRACE_SECONDS = 30 * 86_400;

export interface ScheduleTerms {
  periodSeconds: number;
  /** Unix seconds of payment 1. */
  firstExec: number;
  totalExecutions: number;
  /** Unix seconds after which the permit is void. */
  deadline: number;
}

/**
 * The schedule a recurrence describes. A date without a time starts at 00:00 UTC of that day;
 * a start already past (today's date) makes payment 1 due at once. totalPayments 256 is valid
 * per the spec but cannot be signed: the permit's totalExecutions is a uint8 (max 255).
 */
export function scheduleTerms(recurrence: { startDate: string; frequency: Frequency; totalPayments: number }): ScheduleTerms {
  if (recurrence.totalPayments > MAX_TOTAL_EXECUTIONS) {
    throw invalidField(
      'recurrence.totalPayments',
      `recurrence.totalPayments ${recurrence.totalPayments} cannot be signed: the permit's totalExecutions is a uint8 (at most ${MAX_TOTAL_EXECUTIONS})`,
    );
  }
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(recurrence.startDate) ? `${recurrence.startDate}T00:00:00Z` : recurrence.startDate;
  const firstExec = Math.floor(new Date(iso).getTime() / 1000);
  if (!Number.isSafeInteger(firstExec)) throw invalidField('recurrence.startDate', 'recurrence.startDate is not a valid date');
  const periodSeconds = PERIOD_SECONDS[recurrence.frequency];
  const lastDue = firstExec + (recurrence.totalPayments - 1) * periodSeconds;
  if (lastDue > 2 ** 32 - 1)
    throw invalidField('recurrence.startDate', 'recurrence.startDate is too far in the future (the schedule must end before 2106)');
  return {
    periodSeconds,
    firstExec,
    totalExecutions: recurrence.totalPayments,
    deadline: lastDue + periodSeconds + DEADLINE_GRACE_SECONDS,
  };
}

/** Unix seconds at which payment `index` (1-based) is due. */
export function dueAt(terms: { firstExec: number; periodSeconds: number }, index: number): number {
  return terms.firstExec + (index - 1) * terms.periodSeconds;
}
