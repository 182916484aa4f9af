import {
  DEFAULT_EXTENDED_DELAYS_MS,
  DEFAULT_EXTENDED_HORIZON_MS,
  jitteredDelayMs,
  nominalRetryDelayMs,
  parseRetryAfterMs,
  retryHeaders,
} from './extended-schedule.js';

const DEFAULT = { delaysMs: DEFAULT_EXTENDED_DELAYS_MS, horizonMs: DEFAULT_EXTENDED_HORIZON_MS };
const scheduleOf = (extended: typeof DEFAULT | null) => {
  const delays: number[] = [];
  for (let made = 1; ; made++) {
    const next = nominalRetryDelayMs(made, extended);
    if (next === null) return delays;
    delays.push(next);
  }
};

describe('extended webhook retry schedule', () => {
  it('keeps the interface schedule exactly when not opted in: 1 s, 5 s, 15 s, then nothing', () => {
    expect(scheduleOf(null)).toEqual([1000, 5000, 15000]);
  });

  it('continues with 1 m, 5 m, 30 m, 2 h, 5 h, 10 h, then every 10 h, within 72 h of the first attempt', () => {
    const h = 3_600_000;
    expect(scheduleOf(DEFAULT)).toEqual([
      1000,
      5000,
      15000,
      60_000,
      300_000,
      1_800_000,
      2 * h,
      5 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
    ]);
    const total = scheduleOf(DEFAULT).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(72 * h);
    expect(total + 10 * h).toBeGreaterThan(72 * h);
  });

  it('numbers attempts: x-service-retry-count 0-3 then 3, x-service-attempt from the fifth attempt on', () => {
    expect([0, 1, 2, 3, 4, 9].map(retryHeaders)).toEqual([
      { retryCount: '0', extendedAttempt: null },
      { retryCount: '1', extendedAttempt: null },
      { retryCount: '2', extendedAttempt: null },
      { retryCount: '3', extendedAttempt: null },
      { retryCount: '3', extendedAttempt: '4' },
      { retryCount: '3', extendedAttempt: '9' },
    ]);
  });

  it('reads Retry-After as seconds or an HTTP date, and ignores anything else', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(parseRetryAfterMs('120', now)).toBe(120_000);
    expect(parseRetryAfterMs('Tue, 24 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs(null, now)).toBeNull();
  });

  it('jitters a delay within [nominal x (1 - share), nominal], never longer, and not at all with share 0', () => {
    expect(jitteredDelayMs(60_000, 0.2, 0)).toBe(48_000);
    expect(jitteredDelayMs(60_000, 0.2, 0.5)).toBe(54_000);
    expect(jitteredDelayMs(60_000, 0.2, 0.999999)).toBe(59_999);
    expect(jitteredDelayMs(60_000, 0, 0.7)).toBe(60_000);
    expect(jitteredDelayMs(60_000, 1, 0)).toBe(0);
  });
});
