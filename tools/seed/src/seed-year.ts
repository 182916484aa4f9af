import { sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource, EntityManager } from 'typeorm';
import { eventSql, otherSql } from './year-sql-events.js';
import { helperSql, requestSql, tenantSql } from './year-sql.js';
import { type YearShape, yearShape } from './year-shape.js';

export interface SeedOptions {
  /** 1 = a full year (1,000,000 requests); 0.01 = 10,000. */
  scale: number;
  /**
   * Skip foreign-key triggers while writing (session_replication_role = replica; needs a
   * superuser): about a third faster. The tests seed with the checks on, which proves the rows
   * the statements write satisfy every constraint.
   */
  skipForeignKeyChecks?: boolean;
  log?: (line: string) => void;
}

export interface SeedResult {
  shape: YearShape;
  seconds: number;
  rows: Record<string, number>;
}

const COUNTED = [
  'platforms',
  'client_ids',
  'webhook_endpoints',
  'requests',
  'payment_transfers',
  'outbox_events',
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'secure_payments',
  'payment_intents',
  'recurring_payments',
  'idempotency_keys',
] as const;

/**
 * Fills a migrated database with a year of one large and many small platforms (see YearShape),
 * in one session, one INSERT ... SELECT per table, then VACUUM (ANALYZE). Refuses a database that was
 * seeded already (the seeded identifiers would collide).
 */
export async function seedYear(db: DataSource, options: SeedOptions): Promise<SeedResult> {
  const shape = yearShape(options.scale);
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const runner = db.createQueryRunner();
  await runner.connect();
  const m = runner.manager;
  try {
    if (await sqlOne(m, `SELECT 1 AS seeded FROM platforms WHERE id = 'seedpf000000'`))
      throw new Error('this database holds a seeded year already');
    // One transaction: a failed seeding leaves nothing behind.
    await runner.startTransaction();
    await sqlExecute(m, 'SET LOCAL synchronous_commit = off');
    if (options.skipForeignKeyChecks) await sqlExecute(m, 'SET LOCAL session_replication_role = replica');
    await sqlExecute(m, `SET LOCAL maintenance_work_mem = '256MB'`);
    for (const sql of helperSql(shape)) await sqlExecute(m, sql);
    // Secondary indexes are dropped and built again after the rows are in (a sort instead of a
    // million random B-tree inserts); their definitions are read from the catalogue, so the
    // schema ends exactly as the migrations left it. Constraint indexes (keys) stay.
    const indexes = await sqlRows<{ name: string; def: string }>(
      m,
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [[...COUNTED]],
    );
    for (const index of indexes) await sqlExecute(m, `DROP INDEX ${quoteIdent(index.name)}`);
    await sqlExecute(m, 'SELECT setseed(0.24)');
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = performance.now();
      const n = await sqlExecute(m, sql, params);
      log(`  ${label.padEnd(26)} ${String(n).padStart(9)} rows  ${((performance.now() - t) / 1000).toFixed(1)} s`);
    };
    const [platforms, clients, endpoints] = tenantSql(shape);
    await step('platforms', platforms.sql);
    await step('client_ids', clients.sql, clients.params);
    await step('webhook_endpoints', endpoints.sql);
    const [requests, transfers] = requestSql(shape);
    await step('requests', requests);
    await step('payment_transfers', transfers);
    const base = (await sqlOne<{ id: string }>(m, 'SELECT coalesce(max(id), 0)::text AS id FROM outbox_events'))!.id;
    const [events, deliveries, attempts] = eventSql(shape);
    await step('outbox_events', events);
    await step('webhook_deliveries', deliveries, [base]);
    await step('webhook_delivery_attempts', attempts, [base]);
    const [secure, intents, recurring, idempotency] = otherSql(shape);
    await step('secure_payments', secure);
    await step('payment_intents', intents);
    await step('recurring_payments', recurring);
    await step('idempotency_keys', idempotency);
    const t0 = performance.now();
    for (const index of indexes) await sqlExecute(m, index.def);
    log(`  ${'indexes rebuilt'.padEnd(26)} ${String(indexes.length).padStart(9)}       ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await runner.commitTransaction();
    // VACUUM, not only ANALYZE: a year-old database has its visibility map set and its hint bits
    // written; without it autovacuum and the first reads do that work during the benchmarks.
    const t = performance.now();
    for (const table of COUNTED) await sqlExecute(m, `VACUUM (ANALYZE) ${table}`);
    log(`  ${'VACUUM (ANALYZE)'.padEnd(26)} ${''.padStart(9)}       ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return { shape, seconds: (performance.now() - started) / 1000, rows: await countRows(m) };
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}

async function countRows(m: EntityManager): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED) rows[table] = (await sqlOne<{ n: number }>(m, `SELECT count(*)::int AS n FROM ${table}`))!.n;
  return rows;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
