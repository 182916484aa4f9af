import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/**
 * Indexes of the dashboard's other lists, each a keyset on (created_at, id) newest first, scoped
 * to the platform: payment links (top-level only; children found by parent), recurring
 * payments, the webhook delivery log (per endpoint, merged across the platform's endpoints),
 * API keys and payer records. Narrower indexes they supersede are dropped.
 */
export class DashboardListIndexes21763886300000 implements MigrationInterface {
  name = 'DashboardListIndexes21763886300000';
  /** Built CONCURRENTLY (see online-index.ts): no write to these tables waits on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexOnline(
      q,
      'secure_payments_platform_created',
      'secure_payments (platform_id, created_at, token) WHERE parent_token IS NULL',
    );
    await createIndexOnline(q, 'secure_payments_parent', 'secure_payments (parent_token) WHERE parent_token IS NOT NULL');
    await createIndexOnline(q, 'recurring_payments_platform_created', 'recurring_payments (platform_id, created_at, id)');
    await dropIndexOnline(q, 'recurring_payments_platform');
    await createIndexOnline(q, 'webhook_deliveries_endpoint_created', 'webhook_deliveries (endpoint_id, created_at, id)');
    await createIndexOnline(q, 'api_keys_platform_created', 'api_keys (platform_id, created_at, id)');
    await dropIndexOnline(q, 'api_keys_platform');
    await createIndexOnline(q, 'payers_platform_created', 'payers (platform_id, created_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'payers_platform_created');
    await createIndexOnline(q, 'api_keys_platform', 'api_keys (platform_id)');
    await dropIndexOnline(q, 'api_keys_platform_created');
    await dropIndexOnline(q, 'webhook_deliveries_endpoint_created');
    await createIndexOnline(q, 'recurring_payments_platform', 'recurring_payments (platform_id, created_at)');
    await dropIndexOnline(q, 'recurring_payments_platform_created');
    await dropIndexOnline(q, 'secure_payments_parent');
    await dropIndexOnline(q, 'secure_payments_platform_created');
  }
}
