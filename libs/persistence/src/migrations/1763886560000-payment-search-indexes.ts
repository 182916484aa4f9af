import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/** Rows of payment_transfers backfilled per statement (each its own short transaction). */
const BACKFILL_BATCH = 10_000;

/**
 * The payments search (GET /v2/payments) reads a platform's settled transfers newest first. A
 * transfer's platform is its request's (detection only stores transfers of known references), so
 * payment_transfers keeps it: detection writes it with the row, existing rows are backfilled here
 * in id ranges (short transactions, no long lock), and one index serves every page of every
 * platform, large or small, as a keyset range scan. Also by transaction hash and by recipient (a
 * wallet is searched as payer or payee; senders already have payment_transfers_from).
 */
export class PaymentSearchIndexes1763886560000 implements MigrationInterface {
  name = 'PaymentSearchIndexes1763886560000';
  /** Built CONCURRENTLY (see online-index.ts): no write to payment_transfers waits on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payment_transfers ADD COLUMN IF NOT EXISTS platform_id text');
    const [{ max }] = (await q.query('SELECT coalesce(max(id), 0)::bigint::text AS max FROM payment_transfers')) as { max: string }[];
    for (let from = 0n; from < BigInt(max); from += BigInt(BACKFILL_BATCH)) {
      await q.query(
        `UPDATE payment_transfers t SET platform_id = r.platform_id FROM requests r
          WHERE t.id > $1 AND t.id <= $2 AND t.platform_id IS NULL AND r.network = t.network AND r.reference_topic = t.reference_topic`,
        [from.toString(), (from + BigInt(BACKFILL_BATCH)).toString()],
      );
    }
    await createIndexOnline(
      q,
      'payment_transfers_platform_settled',
      'payment_transfers (platform_id, block_timestamp, id) WHERE settled_at IS NOT NULL',
    );
    await createIndexOnline(q, 'payment_transfers_tx_hash', 'payment_transfers (tx_hash)');
    await createIndexOnline(q, 'payment_transfers_to', 'payment_transfers (lower(to_address))');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['payment_transfers_to', 'payment_transfers_tx_hash', 'payment_transfers_platform_settled'])
      await dropIndexOnline(q, index);
    await q.query('ALTER TABLE payment_transfers DROP COLUMN IF EXISTS platform_id');
  }
}
