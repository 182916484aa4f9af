import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring payments (a signed SchedulePermit the chain-worker executes period by period) and
 * their executions: one row per payment index, with the request (and payment reference) that
 * payment detection settles. Money is numeric(78,0) in the token's base units.
 */
export class CreateRecurring1763885600000 implements MigrationInterface {
  name = 'CreateRecurring1763885600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recurring_payments (
        id text PRIMARY KEY CHECK (id ~ '^[0-9A-HJKMNP-TV-Z]{26}$'),
        platform_id text NOT NULL REFERENCES platforms(id),
        client_id_id text REFERENCES client_ids(id),
        status text NOT NULL CHECK (status IN ('awaiting_signature', 'active', 'paused', 'cancelled', 'completed')),
        network text NOT NULL,
        recurring_proxy text NOT NULL,
        fee_proxy text NOT NULL,
        payer text NOT NULL,
        payee text NOT NULL,
        token text NOT NULL,
        payment_currency text NOT NULL,
        currency_decimals integer NOT NULL CHECK (currency_decimals BETWEEN 0 AND 36),
        invoice_currency text NOT NULL,
        invoice_amount numeric(78, 0) NOT NULL CHECK (invoice_amount > 0),
        invoice_decimals integer NOT NULL CHECK (invoice_decimals BETWEEN 0 AND 36),
        amount numeric(78, 0) NOT NULL CHECK (amount > 0),
        fee_percentage text,
        fee_amount numeric(78, 0) NOT NULL CHECK (fee_amount >= 0),
        fee_address text,
        gas_fee numeric(78, 0) NOT NULL CHECK (gas_fee >= 0),
        frequency text NOT NULL,
        period_seconds integer NOT NULL CHECK (period_seconds > 0),
        first_exec bigint NOT NULL,
        total_payments integer NOT NULL CHECK (total_payments BETWEEN 1 AND 255),
        permit jsonb NOT NULL,
        permit_signature text,
        processed_payments integer NOT NULL DEFAULT 0 CHECK (processed_payments >= 0),
        failure_count integer NOT NULL DEFAULT 0 CHECK (failure_count >= 0),
        failure_reason text,
        reference text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX recurring_payments_platform ON recurring_payments (platform_id, created_at)');
    // The executor's scan, and the allowance other live schedules of a payer still need.
    await q.query(`CREATE INDEX recurring_payments_active ON recurring_payments (network) WHERE status = 'active'`);
    await q.query(`CREATE INDEX recurring_payments_payer ON recurring_payments (network, lower(payer), lower(token))`);
    await q.query(`
      CREATE TABLE recurring_executions (
        recurring_payment_id text NOT NULL REFERENCES recurring_payments(id),
        index integer NOT NULL CHECK (index BETWEEN 1 AND 255),
        request_id text NOT NULL UNIQUE REFERENCES requests(id),
        status text NOT NULL CHECK (status IN ('submitted', 'succeeded', 'failed')),
        tx_hash text,
        -- The relayer's nonce of tx_hash: a stuck transaction is replaced with the same nonce, never duplicated.
        relayer_nonce integer,
        error text,
        executed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (recurring_payment_id, index)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE recurring_executions');
    await q.query('DROP TABLE recurring_payments');
  }
}
