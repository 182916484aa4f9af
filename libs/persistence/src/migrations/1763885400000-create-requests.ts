import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment requests (one per payout, batch item included) and the idempotency keys of the
 * endpoints that create them. Money is numeric(78,0) in the currency's base units.
 */
export class CreateRequests1763885400000 implements MigrationInterface {
  name = 'CreateRequests1763885400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE requests (
        id text PRIMARY KEY CHECK (id ~ '^01[0-9a-f]{64}$'),
        salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{16}$'),
        payment_reference text NOT NULL CHECK (payment_reference ~ '^0x[0-9a-f]{16}$'),
        reference_topic text NOT NULL CHECK (reference_topic ~ '^0x[0-9a-f]{64}$'),
        platform_id text NOT NULL REFERENCES platforms(id),
        client_id_id text REFERENCES client_ids(id),
        orchestrator_id text REFERENCES orchestrators(id),
        batch_id text,
        network text NOT NULL,
        payee text NOT NULL,
        payer text,
        invoice_currency text NOT NULL,
        invoice_amount numeric(78, 0) NOT NULL CHECK (invoice_amount > 0),
        invoice_decimals integer NOT NULL CHECK (invoice_decimals BETWEEN 0 AND 36),
        payment_currency text NOT NULL,
        currency_address text,
        currency_decimals integer NOT NULL CHECK (currency_decimals BETWEEN 0 AND 36),
        proxy_address text NOT NULL,
        expected_amount numeric(78, 0) NOT NULL CHECK (expected_amount > 0),
        fee_percentage text,
        fee_amount numeric(78, 0) NOT NULL DEFAULT 0 CHECK (fee_amount >= 0),
        fee_address text,
        customer_info_encrypted text,
        reference text CHECK (length(reference) BETWEEN 1 AND 255),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'partial', 'paid', 'overpaid')),
        amount_paid numeric(78, 0) NOT NULL DEFAULT 0 CHECK (amount_paid >= 0),
        tx_hash text,
        paid_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX requests_platform ON requests (platform_id, created_at)');
    // Payment detection: a fee-proxy log's indexed reference topic leads to its request.
    await q.query('CREATE INDEX requests_reference_topic ON requests (network, reference_topic)');
    await q.query(`CREATE INDEX requests_unsettled ON requests (network, created_at) WHERE status IN ('pending', 'partial')`);
    await q.query('CREATE INDEX requests_batch ON requests (batch_id) WHERE batch_id IS NOT NULL');
    await q.query(`
      CREATE TABLE idempotency_keys (
        owner text NOT NULL,
        key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
        route text NOT NULL,
        request_hash text NOT NULL,
        response_status integer NOT NULL,
        response_body jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (owner, key)
      )`);
    await q.query('CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE idempotency_keys');
    await q.query('DROP TABLE requests');
  }
}
