import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the dashboard's lists (keyset pagination on (created_at, id), newest first) and of
 * its volume overview (settled requests by paid_at). requests_platform (platform_id, created_at)
 * is replaced by the wider one, which serves every query it served.
 */
export class DashboardListIndexes1763886200000 implements MigrationInterface {
  name = 'DashboardListIndexes1763886200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX requests_platform_created ON requests (platform_id, created_at, id)');
    await q.query('DROP INDEX requests_platform');
    await q.query('CREATE INDEX requests_platform_paid ON requests (platform_id, paid_at) WHERE paid_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX requests_platform_paid');
    await q.query('CREATE INDEX requests_platform ON requests (platform_id, created_at)');
    await q.query('DROP INDEX requests_platform_created');
  }
}
