import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment exceptions (issue #35): what went wrong with a payment (underpaid, overpaid, late, wrong
 * token, unexpected payer, screening rejected, unsweepable), raised by settlement (or the deposit
 * watcher) in the transaction that saw it, and what the platform decided. Amounts are kept in the
 * payment token's base units and in the invoice currency's, with the rate between them and its
 * source. `exception_settings` holds each platform's underpaid tolerance and late window;
 * `requests.accepted_amount` is the amount an accepted underpayment settles the request at.
 */
export class PaymentExceptions1763886900000 implements MigrationInterface {
  name = 'PaymentExceptions1763886900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_exceptions (
        id text PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
        request_id text NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
        network text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('underpaid', 'overpaid', 'late', 'wrong_token', 'unexpected_payer',
                                           'screening_rejected', 'unsweepable')),
        status text NOT NULL CHECK (status IN ('open', 'accepted', 'refunded', 'remainder_requested', 'resolved')),
        resolution text,
        token text,
        payment_currency text NOT NULL,
        currency_decimals integer NOT NULL,
        expected_amount numeric(78, 0) NOT NULL CHECK (expected_amount >= 0),
        received_amount numeric(78, 0) NOT NULL CHECK (received_amount >= 0),
        received_decimals integer,
        invoice_currency text NOT NULL,
        invoice_decimals integer NOT NULL,
        expected_invoice_amount numeric(78, 0),
        received_invoice_amount numeric(78, 0),
        rate text,
        rate_source text,
        tx_hash text,
        log_index integer,
        payer_address text,
        remainder_request_id text REFERENCES requests(id) ON DELETE SET NULL,
        remainder_token text,
        detected_at timestamptz NOT NULL,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX payment_exceptions_request ON payment_exceptions (request_id)');
    await q.query('CREATE INDEX payment_exceptions_list ON payment_exceptions (platform_id, created_at DESC, id DESC)');
    await q.query(
      `CREATE INDEX payment_exceptions_open ON payment_exceptions (platform_id, created_at DESC, id DESC) WHERE status IN ('open', 'remainder_requested')`,
    );
    await q.query(
      'CREATE INDEX payment_exceptions_remainder ON payment_exceptions (remainder_request_id) WHERE remainder_request_id IS NOT NULL',
    );
    // A wrong-token transfer is one exception however often the watcher reads its log.
    await q.query(
      `CREATE UNIQUE INDEX payment_exceptions_log ON payment_exceptions (network, tx_hash, log_index, kind) WHERE kind = 'wrong_token'`,
    );
    // One open unsweepable exception per request, however often the sweeper finds it cannot sweep.
    await q.query(
      `CREATE UNIQUE INDEX payment_exceptions_unsweepable ON payment_exceptions (request_id) WHERE kind = 'unsweepable' AND status = 'open'`,
    );
    await q.query(`
      CREATE TABLE exception_settings (
        platform_id text PRIMARY KEY REFERENCES platforms(id) ON DELETE CASCADE,
        underpaid_tolerance_bps integer CHECK (underpaid_tolerance_bps BETWEEN 0 AND 10000),
        underpaid_tolerance_amount text,
        late_window_seconds integer NOT NULL DEFAULT 0 CHECK (late_window_seconds >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (underpaid_tolerance_bps IS NULL OR underpaid_tolerance_amount IS NULL)
      )`);
    await q.query('ALTER TABLE requests ADD COLUMN accepted_amount numeric(78, 0)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE requests DROP COLUMN accepted_amount');
    await q.query('DROP TABLE exception_settings');
    await q.query('DROP TABLE payment_exceptions');
  }
}
