import { TIMED_OUT, withDeadline } from './deadline.js';

describe('withDeadline', () => {
  it('answers the value when it comes first', async () => {
    expect(await withDeadline(Promise.resolve(42), 1000)).toBe(42);
  });

  it('answers TIMED_OUT when the deadline comes first, and drops a later rejection', async () => {
    const started = Date.now();
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 150));
    expect(await withDeadline(late, 30)).toBe(TIMED_OUT);
    expect(Date.now() - started).toBeLessThan(140);
    await new Promise((r) => setTimeout(r, 160)); // the rejection lands after: no unhandled rejection
  });

  it('passes a rejection that comes first', async () => {
    await expect(withDeadline(Promise.reject(new Error('boom')), 1000)).rejects.toThrow('boom');
  });
});
