import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds (issue #35): money given back from the payee's wallet to the payer, through the request's
 * fee proxy under the refund's own payment reference (so detection sees the refund like a payment).
 * `exception_id` names the payment exception a refund resolves, when it does (no foreign key: the
 * exceptions table is added by its own migration). Amounts are base units of the request's payment
 * currency. Detection finds a refund's transfers by (network, reference_topic).
 */
export class Refunds1763886910000 implements MigrationInterface {
  name = 'Refunds1763886910000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refunds (
        id text PRIMARY KEY,
        request_id text NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
        platform_id text NOT NULL,
        exception_id text,
        network text NOT NULL,
        currency text NOT NULL,
        token text,
        decimals integer NOT NULL,
        proxy text NOT NULL,
        from_address text NOT NULL,
        to_address text NOT NULL,
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        payment_reference text NOT NULL,
        reference_topic text NOT NULL,
        status text NOT NULL DEFAULT 'awaiting_signature'
          CHECK (status IN ('awaiting_signature', 'submitted', 'confirmed', 'failed')),
        failure_reason text,
        tx_hash text,
        confirmed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (network, reference_topic)
      )`);
    await q.query('CREATE INDEX refunds_request ON refunds (request_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE refunds');
  }
}
