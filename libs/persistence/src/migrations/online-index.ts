import type { QueryRunner } from 'typeorm';

/**
 * Index changes that never block writes on a live table, for migrations declared
 * `transaction = false` (Postgres refuses CONCURRENTLY inside a transaction). A concurrent build
 * that fails (a deadlock, a cancelled deploy) leaves an INVALID index behind: each build drops
 * its index first, so a migration that failed half way simply runs again.
 */
export async function createIndexOnline(q: QueryRunner, name: string, definition: string): Promise<void> {
  await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
  await q.query(`CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
}

/** Drops an index without blocking writes (a no-op when an earlier run already dropped it). */
export async function dropIndexOnline(q: QueryRunner, name: string): Promise<void> {
  await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
}
