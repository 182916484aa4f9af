const DAY_MS = 86_400_000;

/**
 * The nightly reconciliation's window at `now`: the previous UTC day [00:00, 24:00), once the
 * time of day `at` (HH:MM, UTC) has passed; undefined before it, or when `at` is `off`. Every
 * replica computes the same window, and the run of a network and window is stored once.
 */
export function nightlyWindow(now: number, at: string): { from: Date; to: Date } | undefined {
  if (at === 'off') return undefined;
  const [hours, minutes] = at.split(':').map(Number);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (now < today + (hours * 60 + minutes) * 60_000) return undefined;
  return { from: new Date(today - DAY_MS), to: new Date(today) };
}
