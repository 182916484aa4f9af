import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes of the dashboard's other lists, each a keyset on (created_at, id) newest first, scoped
 * to the platform: payment links (top-level only; children found by parent), recurring
 * payments, the webhook delivery log (per endpoint, merged across the platform's endpoints),
 * API keys and payer records. Narrower indexes they supersede are dropped.
 */
export class DashboardListIndexes21763886300000 implements MigrationInterface {
  name = 'DashboardListIndexes21763886300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'CREATE INDEX secure_payments_platform_created ON secure_payments (platform_id, created_at, token) WHERE parent_token IS NULL',
    );
    await q.query('CREATE INDEX secure_payments_parent ON secure_payments (parent_token) WHERE parent_token IS NOT NULL');
    await q.query('CREATE INDEX recurring_payments_platform_created ON recurring_payments (platform_id, created_at, id)');
    await q.query('DROP INDEX recurring_payments_platform');
    await q.query('CREATE INDEX webhook_deliveries_endpoint_created ON webhook_deliveries (endpoint_id, created_at, id)');
    await q.query('CREATE INDEX api_keys_platform_created ON api_keys (platform_id, created_at, id)');
    await q.query('DROP INDEX api_keys_platform');
    await q.query('CREATE INDEX payers_platform_created ON payers (platform_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX payers_platform_created');
    await q.query('CREATE INDEX api_keys_platform ON api_keys (platform_id)');
    await q.query('DROP INDEX api_keys_platform_created');
    await q.query('DROP INDEX webhook_deliveries_endpoint_created');
    await q.query('CREATE INDEX recurring_payments_platform ON recurring_payments (platform_id, created_at)');
    await q.query('DROP INDEX recurring_payments_platform_created');
    await q.query('DROP INDEX secure_payments_parent');
    await q.query('DROP INDEX secure_payments_platform_created');
  }
}
