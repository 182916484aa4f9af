import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled accounting exports (issue #36 item 4): a platform's schedules (daily or monthly, CSV or
 * JSON, the export's columns and filters, written to the operator's S3-compatible bucket or mailed
 * as an attachment), and one delivery per schedule and period, recorded once however many
 * chain-worker replicas look (primary key), with its outcome.
 */
export class ExportSchedules1763887210000 implements MigrationInterface {
  name = 'ExportSchedules1763887210000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE export_schedules (
        id text PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
        frequency text NOT NULL CHECK (frequency IN ('daily', 'monthly')),
        format text NOT NULL CHECK (format IN ('csv', 'json')),
        destination text NOT NULL CHECK (destination IN ('s3', 'email')),
        email text CHECK ((destination = 'email') = (email IS NOT NULL)),
        columns text[],
        filter jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX export_schedules_platform ON export_schedules (platform_id, created_at)');
    await q.query(`
      CREATE TABLE export_deliveries (
        schedule_id text NOT NULL REFERENCES export_schedules(id) ON DELETE CASCADE,
        period_from timestamptz NOT NULL,
        period_to timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        row_count integer,
        location text,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (schedule_id, period_from)
      )`);
    await q.query(`CREATE INDEX export_deliveries_pending ON export_deliveries (created_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE export_deliveries');
    await q.query('DROP TABLE export_schedules');
  }
}
