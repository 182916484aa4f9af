import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';

/** Where a raw query runs: a data source (its pool) or a transaction's entity manager. */
export type SqlTarget = DataSource | EntityManager;

/**
 * The one way to run raw SQL in Payrail.
 *
 * TypeORM's `query()` answers in a shape that depends on the command: rows for SELECT and
 * INSERT ... RETURNING, but `[rows, rowCount]` for UPDATE and DELETE (with or without RETURNING).
 * Reading that tuple as rows once lost settled payments after a reorg. These helpers ask the query
 * runner for its structured result instead, so they answer the same way for every command:
 * `sqlRows` the returned rows (an empty array when the statement returns none), `sqlExecute`
 * the number of rows the statement touched.
 */
export async function sqlRows<Row extends object>(db: SqlTarget, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const result = await structured(db, sql, params);
  return (Array.isArray(result.records) ? result.records : []) as Row[];
}

/** The first row, or undefined when the statement returned none. */
export async function sqlOne<Row extends object>(db: SqlTarget, sql: string, params: readonly unknown[] = []): Promise<Row | undefined> {
  return (await sqlRows<Row>(db, sql, params))[0];
}

/** Runs a statement for its effect; answers how many rows it inserted, updated, deleted or selected. */
export async function sqlExecute(db: SqlTarget, sql: string, params: readonly unknown[] = []): Promise<number> {
  const result = await structured(db, sql, params);
  if (typeof result.affected === 'number') return result.affected;
  return Array.isArray(result.records) ? result.records.length : 0;
}

interface StructuredResult {
  records: unknown;
  affected?: number;
}

async function structured(db: SqlTarget, sql: string, params: readonly unknown[]): Promise<StructuredResult> {
  const manager = db instanceof DataSource ? db.manager : db;
  // Inside a transaction the manager carries its query runner; otherwise borrow one from the pool.
  const own: QueryRunner | undefined = manager.queryRunner ? undefined : manager.connection.createQueryRunner();
  const runner = manager.queryRunner ?? own!;
  try {
    return (await runner.query(sql, [...params], true)) as StructuredResult;
  } finally {
    if (own) await own.release();
  }
}
