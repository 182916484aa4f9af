import { recoveryLimiter } from './recovery-limiter.js';

describe('recoveryLimiter: the recovery lane rate in short windows', () => {
  it.each([
    [250, 13, 52],
    [1000, 50, 50],
    [20, 1, 50],
    [1, 1, 1000],
    [7, 1, 143],
  ])('%i a second: %i jobs per %i ms', (perSecond, max, duration) => {
    const limiter = recoveryLimiter(perSecond);
    expect(limiter).toEqual({ max, duration });
    // The same rate within 1% (rounding of the window), never a window longer than a second.
    expect(Math.abs((limiter.max * 1000) / limiter.duration - perSecond) / perSecond).toBeLessThan(0.01);
    expect(limiter.duration).toBeLessThanOrEqual(1000);
  });
});
