import { advanceLimit, clockTimePoints, plannedEvents, type ClockSchedule } from './time-points.js';

const MONTH = 2_592_000;
const WEEK = 604_800;
const monthly: ClockSchedule = { id: 'A', firstExec: 1_000, periodSeconds: MONTH, processedPayments: 0, totalPayments: 12 };

describe('test clock time points', () => {
  it('lists the unpaid periods due by the target, overdue ones included, in time order across schedules', () => {
    const weekly: ClockSchedule = { id: 'B', firstExec: 1_000 + WEEK, periodSeconds: WEEK, processedPayments: 1, totalPayments: 3 };
    const points = clockTimePoints([monthly, weekly], 1_000 + MONTH);
    expect(points.map((p) => [p.scheduleId, p.index, p.at])).toEqual([
      ['A', 1, 1_000],
      ['B', 2, 1_000 + 2 * WEEK],
      ['B', 3, 1_000 + 3 * WEEK],
      ['A', 2, 1_000 + MONTH],
    ]);
  });

  it('stops at the last period and skips the ones already paid', () => {
    const almostDone = { ...monthly, processedPayments: 11 };
    expect(clockTimePoints([almostDone], 1_000 + 20 * MONTH).map((p) => p.index)).toEqual([12]);
    expect(clockTimePoints([{ ...monthly, processedPayments: 12 }], 1_000 + 20 * MONTH)).toEqual([]);
  });

  it('caps an advance at two periods of the shortest attached schedule, and not at all without one', () => {
    expect(advanceLimit([{ periodSeconds: MONTH }, { periodSeconds: WEEK }], 500)).toBe(500 + 2 * WEEK);
    expect(advanceLimit([], 500)).toBeNull();
  });

  it('plans one payment.confirmed per period (an overdue one at the start time), then test_clock.ready', () => {
    expect(plannedEvents([monthly], 5_000, 1_000 + MONTH)).toEqual([
      { type: 'payment.confirmed', at: 5_000, recurringPaymentId: 'A', index: 1 },
      { type: 'payment.confirmed', at: 1_000 + MONTH, recurringPaymentId: 'A', index: 2 },
      { type: 'test_clock.ready', at: 1_000 + MONTH, recurringPaymentId: null, index: null },
    ]);
  });
});
