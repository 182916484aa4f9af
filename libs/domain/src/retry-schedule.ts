/**
 * A declared retry schedule: the delays between attempts in turn, the last one repeating, for as
 * long as the time since the first attempt stays within `horizon` (any unit, the same for both).
 * Webhook deliveries (extended schedule) and recurring dunning both read their schedule here.
 */
export interface DelaySchedule {
  delays: readonly number[];
  horizon: number;
}

/** The schedule's `k`-th delay (0-based), the last one repeating; null when it declares none. */
export function delayAt(schedule: DelaySchedule, k: number): number | null {
  if (schedule.delays.length === 0 || k < 0) return null;
  return schedule.delays[Math.min(k, schedule.delays.length - 1)];
}

/**
 * The delay before retry `k + 1` (k retries made so far, 0 after the first failure) when
 * `elapsed` has passed since the first attempt; null when it would land past the horizon.
 */
export function nextDelay(schedule: DelaySchedule, k: number, elapsed: number): number | null {
  const delay = delayAt(schedule, k);
  if (delay === null) return null;
  return elapsed + delay <= schedule.horizon ? delay : null;
}
