import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexOnline, dropIndexOnline } from './online-index.js';

/**
 * Caps on open payment intents (issue #29): an intent records the Client ID the page called with,
 * and the open ones (no outcome yet) are counted per payment link and per Client ID when a new one
 * is recorded, through these partial indexes (an intent leaves them when chain-worker writes its outcome).
 */
export class PaymentIntentCaps1763886545000 implements MigrationInterface {
  name = 'PaymentIntentCaps1763886545000';
  /** Built CONCURRENTLY (see online-index.ts): no write to the table waits on the migration. */
  readonly transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE payment_intents ADD COLUMN IF NOT EXISTS client_id_id text');
    await createIndexOnline(q, 'payment_intents_open_token', 'payment_intents (secure_payment_token, created_at) WHERE outcome IS NULL');
    await createIndexOnline(q, 'payment_intents_open_client', 'payment_intents (client_id_id, created_at) WHERE outcome IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropIndexOnline(q, 'payment_intents_open_client');
    await dropIndexOnline(q, 'payment_intents_open_token');
    await q.query('ALTER TABLE payment_intents DROP COLUMN IF EXISTS client_id_id');
  }
}
