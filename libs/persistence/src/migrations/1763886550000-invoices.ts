import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/**
 * Invoices (POST /v2/request): a request is a payout's (`kind = 'payout'`, every existing row) or an
 * invoice a payee issued. An invoice may be recurring: the series' first request holds the recurrence
 * (frequency, start) and `next_period_at`, when the next period's request is due; each period's request
 * points back at the first (`original_request_id`, `original_request_payment_reference`) with its period
 * number. Stopping the series sets `is_recurrence_stopped` on the first request. The unique index on
 * (original_request_id, recurrence_period) makes a duplicate period impossible whatever the number of
 * chain-worker replicas. Every new column has a constant default or is nullable: no table rewrite.
 */
export class Invoices1763886550000 implements MigrationInterface {
  name = 'Invoices1763886550000';
  /** Indexes are built CONCURRENTLY (see online-index.ts). */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE requests
        ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT 'payout' CHECK (kind IN ('payout', 'invoice')),
        ADD COLUMN IF NOT EXISTS is_crypto_to_fiat_available boolean NOT NULL DEFAULT false,
        ADD COLUMN IF NOT EXISTS recurrence_frequency text CHECK (recurrence_frequency IN ('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY')),
        ADD COLUMN IF NOT EXISTS recurrence_start timestamptz,
        ADD COLUMN IF NOT EXISTS recurrence_period integer CHECK (recurrence_period >= 0),
        ADD COLUMN IF NOT EXISTS next_period_at timestamptz,
        ADD COLUMN IF NOT EXISTS is_recurrence_stopped boolean NOT NULL DEFAULT false,
        ADD COLUMN IF NOT EXISTS original_request_id text,
        ADD COLUMN IF NOT EXISTS original_request_payment_reference text`);
    await createIndexOnline(q, 'requests_next_period', 'requests (next_period_at) WHERE next_period_at IS NOT NULL');
    await q.query('DROP INDEX CONCURRENTLY IF EXISTS requests_recurrence_period');
    await q.query(
      `CREATE UNIQUE INDEX CONCURRENTLY requests_recurrence_period ON requests (original_request_id, recurrence_period)
        WHERE original_request_id IS NOT NULL AND recurrence_period IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'requests_recurrence_period');
    await dropIndexOnline(q, 'requests_next_period');
    await q.query(`
      ALTER TABLE requests
        DROP COLUMN kind, DROP COLUMN is_crypto_to_fiat_available, DROP COLUMN recurrence_frequency, DROP COLUMN recurrence_start,
        DROP COLUMN recurrence_period, DROP COLUMN next_period_at, DROP COLUMN is_recurrence_stopped,
        DROP COLUMN original_request_id, DROP COLUMN original_request_payment_reference`);
  }
}
