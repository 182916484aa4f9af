import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/**
 * Indexes the query-plan test (test/infra/query-plans.int-spec.ts) found missing on a seeded
 * year: the request list's search by payment reference and by merchant reference read every
 * request of the platform, and its payer search read every transfer (payers are compared
 * lowercased). The record pruning job finds processed payment intents by processing time.
 */
export class ScaleIndexes1763886524000 implements MigrationInterface {
  name = 'ScaleIndexes1763886524000';
  /** Built CONCURRENTLY (see online-index.ts): no write to these tables waits on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await createIndexOnline(q, 'requests_platform_payment_reference', 'requests (platform_id, payment_reference)');
    await createIndexOnline(q, 'requests_platform_reference', 'requests (platform_id, reference) WHERE reference IS NOT NULL');
    await createIndexOnline(q, 'payment_transfers_from', 'payment_transfers (lower(from_address))');
    await createIndexOnline(q, 'payment_intents_processed', 'payment_intents (processed_at) WHERE processed_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'payment_intents_processed',
      'payment_transfers_from',
      'requests_platform_reference',
      'requests_platform_payment_reference',
    ])
      await dropIndexOnline(q, index);
  }
}
