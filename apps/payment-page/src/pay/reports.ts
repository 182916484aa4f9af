/**
 * User events are reported in the background (a report never stops a payment; failures are
 * ignored) but one after another, so the API records them in the order they happened.
 */
export function orderedReports(): (report: () => Promise<void>) => void {
  let last: Promise<void> = Promise.resolve();
  return (report) => {
    last = last.then(report).catch(() => undefined);
  };
}
