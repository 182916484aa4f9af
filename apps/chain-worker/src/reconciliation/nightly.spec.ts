import { nightlyWindow } from './nightly.js';

describe('nightlyWindow', () => {
  const at = (iso: string) => Date.parse(iso);

  it('is the previous UTC day once the configured time has passed', () => {
    expect(nightlyWindow(at('2026-11-28T00:30:00Z'), '00:30')).toEqual({
      from: new Date('2026-11-27T00:00:00Z'),
      to: new Date('2026-11-28T00:00:00Z'),
    });
    expect(nightlyWindow(at('2026-11-28T23:59:59Z'), '00:30')?.from).toEqual(new Date('2026-11-27T00:00:00Z'));
  });

  it('is nothing before the configured time, and nothing when off', () => {
    expect(nightlyWindow(at('2026-11-28T00:29:59Z'), '00:30')).toBeUndefined();
    expect(nightlyWindow(at('2026-11-28T12:00:00Z'), 'off')).toBeUndefined();
  });
});
