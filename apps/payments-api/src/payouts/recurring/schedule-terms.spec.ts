import { dueAt, PERIOD_SECONDS, scheduleTerms } from './schedule-terms.js';

describe('recurring schedule terms', () => {
  it('maps frequencies to fixed periods: a day, a week, 30 days, 365 days', () => {
    expect(PERIOD_SECONDS).toEqual({ DAILY: 86400, WEEKLY: 604800, MONTHLY: 2592000, YEARLY: 31536000 });
  });

  it('starts a date-only startDate at 00:00 UTC and keeps a date-time to the second', () => {
    expect(scheduleTerms({ startDate: '2030-01-01', frequency: 'DAILY', totalPayments: 3 }).firstExec).toBe(1893456000);
    expect(scheduleTerms({ startDate: '2030-01-01T10:30:00.000Z', frequency: 'DAILY', totalPayments: 3 }).firstExec).toBe(1893493800);
    expect(scheduleTerms({ startDate: '2030-01-01T12:00:00+02:00', frequency: 'DAILY', totalPayments: 3 }).firstExec).toBe(1893492000);
  });

  it('puts the deadline one period and 30 days after the last due time', () => {
    const terms = scheduleTerms({ startDate: '2030-01-01', frequency: 'WEEKLY', totalPayments: 4 });
    expect(terms).toEqual({
      periodSeconds: 604800,
      firstExec: 1893456000,
      totalExecutions: 4,
      deadline: 1893456000 + 4 * 604800 + 30 * 86400,
    });
    expect(dueAt(terms, 1)).toBe(1893456000);
    expect(dueAt(terms, 4)).toBe(1893456000 + 3 * 604800);
  });

  it('refuses 256 payments (a uint8 cannot carry it) with a 400 on recurrence.totalPayments, and accepts 255', () => {
    let thrown: unknown;
    try {
      scheduleTerms({ startDate: '2030-01-01', frequency: 'DAILY', totalPayments: 256 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ field: 'recurrence.totalPayments' }] },
    });
    expect(scheduleTerms({ startDate: '2030-01-01', frequency: 'DAILY', totalPayments: 255 }).totalExecutions).toBe(255);
  });
});
