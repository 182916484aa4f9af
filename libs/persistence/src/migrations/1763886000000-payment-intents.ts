import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment intents: the hosted page reports the transaction it submitted for a secure payment
 * (POST /v2/secure-payments/{token}/intent) so chain-worker fetches its receipt at once instead of
 * waiting for its next detection pass. An intent settles nothing by itself: detection does, from
 * the chain's logs. `reference_topics` are the payment references' topics the receipt is checked
 * against (to record an outcome); one row per payment and transaction hash.
 */
export class PaymentIntents1763886000000 implements MigrationInterface {
  name = 'PaymentIntents1763886000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_intents (
        id text PRIMARY KEY,
        platform_id text NOT NULL,
        secure_payment_token text NOT NULL REFERENCES secure_payments(token) ON DELETE CASCADE,
        network text NOT NULL,
        tx_hash text NOT NULL,
        payer_address text,
        reference_topics text[] NOT NULL,
        outcome text,
        processed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (secure_payment_token, tx_hash)
      )`);
    await q.query('CREATE INDEX payment_intents_network_tx ON payment_intents (network, tx_hash)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payment_intents');
  }
}
