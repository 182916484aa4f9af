import type { DataSource } from 'typeorm';
import { sqlExecute } from '../sql/typed-query.js';

/** A round trip to Postgres on a pooled connection (the readiness check); throws when it cannot be made. */
export async function pingDatabase(db: DataSource): Promise<void> {
  await sqlExecute(db, 'SELECT 1');
}
