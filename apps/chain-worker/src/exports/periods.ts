const DAY_MS = 86_400_000;

/**
 * The last complete period of a scheduled export at `now` (UTC): the previous day [00:00, 24:00)
 * for `daily`, the previous calendar month for `monthly`. Every replica computes the same period,
 * and its delivery is stored once per schedule (as the nightly reconciliation's window).
 */
export function lastCompletePeriod(now: number, frequency: 'daily' | 'monthly'): { from: Date; to: Date } {
  if (frequency === 'daily') {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    return { from: new Date(today - DAY_MS), to: new Date(today) };
  }
  const d = new Date(now);
  return {
    from: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)),
    to: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)),
  };
}

/** The file name of a period's export: `payments-2026-11-27.csv` (daily) or `payments-2026-10.json` (monthly). */
export function exportFileName(frequency: 'daily' | 'monthly', from: Date, format: 'csv' | 'json'): string {
  const day = from.toISOString().slice(0, frequency === 'daily' ? 10 : 7);
  return `payments-${day}.${format}`;
}
