import { sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';

/**
 * Polls Postgres until `done` holds for the rows of `sql`, or the timeout passes (then returns
 * the last rows, for the test's assertion to show). The worker records an attempt just after
 * the receiver answered, so a test that saw the request waits for its record this way.
 */
export async function rowsWhen<T extends object>(
  db: DataSource,
  sql: string,
  params: unknown[],
  done: (rows: T[]) => boolean,
  timeoutMs = 10000,
): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await sqlRows<T>(db, sql, params);
    if (done(rows) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
