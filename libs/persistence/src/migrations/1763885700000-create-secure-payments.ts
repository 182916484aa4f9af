import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secure payments (hosted payment links) over requests, with the KYT screenings of their payer
 * wallets (by canonical wallet). A multicall payout is a row over all its children's requests;
 * each child is a single payment of its own pointing at it (parent_token). request_ids keeps the creation order; the GIN index finds the payments of a request
 * when detection settles it.
 */
export class CreateSecurePayments1763885700000 implements MigrationInterface {
  name = 'CreateSecurePayments1763885700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE secure_payments (
        token text PRIMARY KEY CHECK (token ~ '^[0-9A-HJKMNP-TV-Z]{26}$'),
        payment_type text NOT NULL CHECK (payment_type IN ('single', 'multicall')),
        platform_id text NOT NULL REFERENCES platforms(id),
        client_id_id text REFERENCES client_ids(id),
        orchestrator_id text REFERENCES orchestrators(id),
        status text NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'completed', 'expired', 'invalidated', 'compliance_failed', 'partially_settled')),
        parent_token text REFERENCES secure_payments(token),
        request_ids text[] NOT NULL CHECK (cardinality(request_ids) >= 1),
        redirect_url text,
        redirect_label text CHECK (redirect_label IS NULL OR redirect_url IS NOT NULL),
        branding jsonb,
        reference text CHECK (length(reference) BETWEEN 1 AND 255),
        access_policy jsonb NOT NULL,
        screenings jsonb NOT NULL DEFAULT '{}'::jsonb,
        expires_at timestamptz NOT NULL,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX secure_payments_request_ids ON secure_payments USING gin (request_ids)');
    // Onboarding link intents: an orchestrator asks a platform to link a Client ID (hosted onboarding).
    await q.query(`
      CREATE TABLE link_intents (
        id text PRIMARY KEY,
        orchestrator_id text NOT NULL REFERENCES orchestrators(id),
        external_id text CHECK (length(external_id) BETWEEN 1 AND 255),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
        client_id_id text REFERENCES client_ids(id),
        link_id text,
        expires_at timestamptz NOT NULL,
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX secure_payments_open_expiry ON secure_payments (expires_at) WHERE status IN ('pending', 'partially_settled')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE link_intents');
    await q.query('DROP TABLE secure_payments');
  }
}
