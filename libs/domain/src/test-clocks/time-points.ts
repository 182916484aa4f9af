/** A schedule attached to a test clock, as far as its time points go (times in Unix seconds). */
export interface ClockSchedule {
  id: string;
  firstExec: number;
  periodSeconds: number;
  processedPayments: number;
  totalPayments: number;
}

/**
 * What happens to a schedule at a point of a clock's time. Only `due` (a period's execution)
 * exists today; pre-due checks (72 h / 24 h before a due time) and dunning retries join here as
 * kinds of their own, each listed by one more `*Points` function in `clockTimePoints` below.
 */
export type TimePointKind = 'due';

export interface TimePoint {
  /** Unix seconds. */
  at: number;
  kind: TimePointKind;
  scheduleId: string;
  /** The period (1-based). */
  index: number;
}

/** An advance moves a clock at most two periods of its shortest attached schedule (Stripe's rule). */
export const MAX_PERIODS_PER_ADVANCE = 2;

/** Order of kinds falling at the same second: checks before executions. */
const KIND_ORDER: Readonly<Record<TimePointKind, number>> = { due: 0 };

/** Unix seconds at which period `index` (1-based) of a schedule is due. */
export const periodDueAt = (s: Pick<ClockSchedule, 'firstExec' | 'periodSeconds'>, index: number): number =>
  s.firstExec + (index - 1) * s.periodSeconds;

/** The periods of `s` not yet paid that fall due by `to` (an overdue one included: it is due at once). */
function duePoints(s: ClockSchedule, to: number): TimePoint[] {
  const points: TimePoint[] = [];
  for (let index = s.processedPayments + 1; index <= s.totalPayments; index++) {
    const at = periodDueAt(s, index);
    if (at > to) break;
    points.push({ at, kind: 'due', scheduleId: s.id, index });
  }
  return points;
}

/**
 * Every point in time up to `to` at which something happens to the attached schedules, in the
 * order they happen (time, then kind, then schedule and period). The advance of a clock walks
 * these points one time after the other; a dry run lists them. This is the one place where new
 * kinds of points are added.
 */
export function clockTimePoints(schedules: readonly ClockSchedule[], to: number): TimePoint[] {
  return schedules
    .flatMap((s) => duePoints(s, to))
    .sort(
      (a, b) => a.at - b.at || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.scheduleId.localeCompare(b.scheduleId) || a.index - b.index,
    );
}

/** The latest time an advance from `from` may reach, or null when no schedule is attached (no limit). */
export function advanceLimit(schedules: readonly Pick<ClockSchedule, 'periodSeconds'>[], from: number): number | null {
  if (schedules.length === 0) return null;
  return from + MAX_PERIODS_PER_ADVANCE * Math.min(...schedules.map((s) => s.periodSeconds));
}

/** An event an advance would send, as a dry run lists it. */
export interface PlannedEvent {
  type: 'payment.confirmed' | 'test_clock.ready';
  /** Unix seconds of the clock at which it is sent. */
  at: number;
  recurringPaymentId: string | null;
  index: number | null;
}

/**
 * The events an advance from `from` to `to` would send: one `payment.confirmed` per period
 * executed (when the payer's funds and allowance hold, as they are not read here), then
 * `test_clock.ready`. A period overdue at `from` is executed at `from`.
 */
export function plannedEvents(schedules: readonly ClockSchedule[], from: number, to: number): PlannedEvent[] {
  const executions: PlannedEvent[] = clockTimePoints(schedules, to).map((p) => ({
    type: 'payment.confirmed',
    at: Math.max(p.at, from),
    recurringPaymentId: p.scheduleId,
    index: p.index,
  }));
  return [...executions, { type: 'test_clock.ready', at: to, recurringPaymentId: null, index: null }];
}
