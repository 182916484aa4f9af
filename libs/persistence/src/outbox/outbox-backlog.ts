import type { DataSource } from 'typeorm';
import { sqlRows } from '../sql/typed-query.js';

/** The unpublished rows of one outbox partition: how many, and the age of the oldest in seconds. */
export interface OutboxPartitionBacklog {
  partition: number;
  rows: number;
  age: number;
}

/** The backlog of each partition that has unpublished rows (empty partitions are absent). */
export function outboxBacklogByPartition(db: DataSource): Promise<OutboxPartitionBacklog[]> {
  return sqlRows<OutboxPartitionBacklog>(
    db,
    `SELECT partition, count(*)::int AS rows, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age
       FROM outbox_events WHERE published_at IS NULL GROUP BY partition`,
  );
}
