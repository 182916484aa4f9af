import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/**
 * Indexes of the dashboard's lists (keyset pagination on (created_at, id), newest first) and of
 * its volume overview (settled requests by paid_at). requests_platform (platform_id, created_at)
 * is replaced by the wider one, which serves every query it served.
 */
export class DashboardListIndexes1763886200000 implements MigrationInterface {
  name = 'DashboardListIndexes1763886200000';
  /** Built CONCURRENTLY (see online-index.ts): no write to these tables waits on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexOnline(q, 'requests_platform_created', 'requests (platform_id, created_at, id)');
    await dropIndexOnline(q, 'requests_platform');
    await createIndexOnline(q, 'requests_platform_paid', 'requests (platform_id, paid_at) WHERE paid_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'requests_platform_paid');
    await createIndexOnline(q, 'requests_platform', 'requests (platform_id, created_at)');
    await dropIndexOnline(q, 'requests_platform_created');
  }
}
