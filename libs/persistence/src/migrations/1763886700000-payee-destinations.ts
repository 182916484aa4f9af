import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payee destinations: where a platform is paid, `{wallet, network, token (USDC/USDT), label}`,
 * named by Request Network's destination id (ERC-7828 name + `:` + token address), unique per
 * platform. Deactivation keeps the row (active = false). A secure payment keeps a snapshot of the
 * destination it was created for (`destination`); a Client ID may be bound to one destination.
 */
export class PayeeDestinations1763886700000 implements MigrationInterface {
  name = 'PayeeDestinations1763886700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payee_destinations (
        id text PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id),
        destination_id text NOT NULL CHECK (length(destination_id) <= 300),
        wallet_address text NOT NULL,
        network text NOT NULL,
        chain_id bigint NOT NULL,
        currency_id text NOT NULL,
        token_address text NOT NULL,
        label text CHECK (label IS NULL OR length(label) BETWEEN 1 AND 100),
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        deactivated_at timestamptz,
        UNIQUE (platform_id, destination_id)
      )`);
    await q.query('CREATE INDEX payee_destinations_platform_created ON payee_destinations (platform_id, created_at DESC, id DESC)');
    // Both are nullable columns without a default: a catalogue change, no rewrite of the live tables.
    await q.query('ALTER TABLE secure_payments ADD COLUMN destination jsonb');
    // The bound destination's id (unique per platform; destinations are deactivated, never deleted).
    await q.query('ALTER TABLE client_ids ADD COLUMN payee_destination_id text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE client_ids DROP COLUMN payee_destination_id');
    await q.query('ALTER TABLE secure_payments DROP COLUMN destination');
    await q.query('DROP TABLE payee_destinations');
  }
}
