import { exportFileName, lastCompletePeriod } from './periods.js';

describe('scheduled export periods (UTC)', () => {
  it('daily: the previous day, whatever the time of day', () => {
    for (const at of ['2026-11-28T00:00:00Z', '2026-11-28T23:59:59Z'])
      expect(lastCompletePeriod(Date.parse(at), 'daily')).toEqual({
        from: new Date('2026-11-27T00:00:00Z'),
        to: new Date('2026-11-28T00:00:00Z'),
      });
  });

  it('monthly: the previous calendar month, across a year', () => {
    expect(lastCompletePeriod(Date.parse('2026-03-01T00:00:00Z'), 'monthly')).toEqual({
      from: new Date('2026-02-01T00:00:00Z'),
      to: new Date('2026-03-01T00:00:00Z'),
    });
    expect(lastCompletePeriod(Date.parse('2027-01-15T12:00:00Z'), 'monthly')).toEqual({
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('names the file by its period and format', () => {
    expect(exportFileName('daily', new Date('2026-11-27T00:00:00Z'), 'csv')).toBe('payments-2026-11-27.csv');
    expect(exportFileName('monthly', new Date('2026-10-01T00:00:00Z'), 'json')).toBe('payments-2026-10.json');
  });
});
