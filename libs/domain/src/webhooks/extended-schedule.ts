import { delayAt, nextDelay } from '../retry-schedule.js';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './delivery-rules.js';

/**
 * The opt-in extended schedule (issue #22, beyond the interface): after the interface's four
 * attempts (1 s, 5 s, 15 s apart, unchanged), further attempts after each delay of `delaysMs`
 * in turn, the last one repeating, for as long as the nominal time since the first attempt
 * stays within `horizonMs`. Each delay is then shortened at random (jitteredDelayMs).
 */
export interface ExtendedSchedule {
  delaysMs: readonly number[];
  horizonMs: number;
}

/**
 * A delay shortened by up to `share` (0..1) of it, uniformly: `random` in [0, 1) picks where, so
 * endpoints that failed together do not all come back at once. Never longer than the nominal
 * delay, so the horizon the schedule promises holds. (The worker passes Math.random.)
 */
export function jitteredDelayMs(nominalMs: number, share: number, random: number): number {
  return Math.floor(nominalMs * (1 - share) + random * nominalMs * share);
}

/** 1 m, 5 m, 30 m, 2 h, 5 h, 10 h, then every 10 h. */
export const DEFAULT_EXTENDED_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000] as const;
/** 72 hours. */
export const DEFAULT_EXTENDED_HORIZON_MS = 72 * 3600 * 1000;

/**
 * Nominal delay before the next attempt of a round, given the attempts it made (1 after the
 * first failure); null when none is left: after the fourth without the extended schedule,
 * past the horizon with it.
 */
export function nominalRetryDelayMs(attemptsMade: number, extended: ExtendedSchedule | null): number | null {
  if (attemptsMade < 1) return 0;
  if (attemptsMade < WEBHOOK_MAX_ATTEMPTS) return WEBHOOK_RETRY_DELAYS_MS[attemptsMade - 1];
  if (!extended) return null;
  const schedule = { delays: extended.delaysMs, horizon: extended.horizonMs };
  const k = attemptsMade - WEBHOOK_MAX_ATTEMPTS;
  let elapsed = WEBHOOK_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
  for (let i = 0; i < k; i++) elapsed += delayAt(schedule, i) ?? 0;
  return nextDelay(schedule, k, elapsed);
}

/**
 * The headers' numbering: `x-service-retry-count` keeps the interface's 0..3 (3 on every
 * extended attempt); an extended attempt also carries its own number, 4 and up, in
 * `x-service-attempt` (absent on the first four).
 */
export function retryHeaders(retryNumber: number): { retryCount: string; extendedAttempt: string | null } {
  return {
    retryCount: String(Math.min(retryNumber, WEBHOOK_MAX_ATTEMPTS - 1)),
    extendedAttempt: retryNumber >= WEBHOOK_MAX_ATTEMPTS ? String(retryNumber) : null,
  };
}

export const EXTENDED_ATTEMPT_HEADER = 'x-service-attempt';

/** Seconds or an HTTP date (RFC 9110 Retry-After), as milliseconds from `now`; null when absent or unreadable. */
export function parseRetryAfterMs(value: string | null | undefined, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
