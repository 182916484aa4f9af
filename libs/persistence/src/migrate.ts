import { createDataSource } from './data-source.js';
import { sqlExecute } from './sql/typed-query.js';

/** Advisory-lock key that serialises migration runs started at the same time ("PRMG"). */
const MIGRATION_LOCK = 0x50524d47;

/**
 * Runs pending migrations, each in its own transaction, holding a session advisory lock
 * so that several replicas or jobs starting together migrate once. Returns their names.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const dataSource = createDataSource(databaseUrl, 2);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    // The runner's own manager: the session lock must be taken and released on this one connection.
    await sqlExecute(runner.manager, 'SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await sqlExecute(runner.manager, 'SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
    await dataSource.destroy();
  }
}
