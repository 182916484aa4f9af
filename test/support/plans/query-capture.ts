import { dataSourceOptions, sqlRows } from '@payrail/persistence';
import { DataSource, type Logger } from 'typeorm';

/** A statement as the code ran it: the SQL text and its parameters. */
export interface CapturedQuery {
  label: string;
  sql: string;
  params: unknown[];
}

/** One plan node of EXPLAIN (FORMAT JSON), as much of it as the checks read. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * A data source that records every statement the repositories send (through TypeORM's logger,
 * so raw sqlRows and query-builder reads alike), grouped under the label of the call that ran it.
 */
export function capturingDataSource(url: string): {
  db: DataSource;
  during: <T>(label: string, work: () => Promise<T>) => Promise<T>;
  captured: CapturedQuery[];
} {
  const captured: CapturedQuery[] = [];
  let label: string | undefined;
  const logger: Logger = {
    logQuery: (sql, params) => {
      if (label) captured.push({ label, sql, params: Array.isArray(params) ? params : [] });
    },
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const db = new DataSource({ ...dataSourceOptions(url, 4), logger });
  const during = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    label = name;
    try {
      return await work();
    } finally {
      label = undefined;
    }
  };
  return { db, during, captured };
}

/** The plan Postgres chooses for the statement with these parameters (not run). */
export async function planOf(db: DataSource, query: CapturedQuery): Promise<PlanNode> {
  // In a transaction: a cursor (DECLARE, the export's statement) is planned as the cursor it is.
  const [row] = await db.transaction((m) =>
    sqlRows<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(m, `EXPLAIN (FORMAT JSON) ${query.sql}`, query.params),
  );
  return row['QUERY PLAN'][0].Plan;
}

/** The tables a plan reads sequentially (every node, subplans and CTEs included). */
export function seqScannedTables(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScannedTables)];
}
