import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recurring payments that recover revenue (issue #37): why a period failed (one of the failure
 * reasons), the dunning round of the failing period (its retries at absolute chain-time
 * instants, so a test clock moving the chain's time drives them), past due and cancelled for
 * nonpayment, each platform's retry schedule, and the pre-due checks already sent (one row per
 * schedule, period and threshold: idempotent across replicas and restarts).
 */
export class RecurringDunning1763887400000 implements MigrationInterface {
  name = 'RecurringDunning1763887400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE recurring_payments
        ADD COLUMN failure_sub_status text,
        ADD COLUMN dunning_since timestamptz,
        ADD COLUMN dunning_attempts integer NOT NULL DEFAULT 0 CHECK (dunning_attempts >= 0),
        ADD COLUMN next_attempt_at timestamptz,
        ADD COLUMN past_due_at timestamptz,
        ADD COLUMN cancellation_reason text CHECK (cancellation_reason IN ('requested', 'nonpayment'))`);
    await q.query(`
      ALTER TABLE recurring_executions
        ADD COLUMN sub_status text,
        ADD COLUMN recovered_from text`);
    await q.query(`
      CREATE TABLE recurring_dunning_policies (
        platform_id text PRIMARY KEY REFERENCES platforms(id),
        retry_delays_seconds integer[] NOT NULL CHECK (cardinality(retry_delays_seconds) BETWEEN 1 AND 20),
        grace_period_seconds integer NOT NULL CHECK (grace_period_seconds BETWEEN 0 AND 5184000),
        cancel_after_seconds integer CHECK (cancel_after_seconds BETWEEN 0 AND 31536000),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE recurring_pre_due_checks (
        recurring_payment_id text NOT NULL REFERENCES recurring_payments(id),
        index integer NOT NULL CHECK (index BETWEEN 1 AND 255),
        hours_before integer NOT NULL CHECK (hours_before IN (72, 24)),
        event text NOT NULL CHECK (event IN ('payment.upcoming', 'payment.at_risk')),
        sub_status text,
        checked_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (recurring_payment_id, index, hours_before)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE recurring_pre_due_checks');
    await q.query('DROP TABLE recurring_dunning_policies');
    await q.query('ALTER TABLE recurring_executions DROP COLUMN sub_status, DROP COLUMN recovered_from');
    await q.query(`
      ALTER TABLE recurring_payments DROP COLUMN failure_sub_status, DROP COLUMN dunning_since, DROP COLUMN dunning_attempts,
        DROP COLUMN next_attempt_at, DROP COLUMN past_due_at, DROP COLUMN cancellation_reason`);
  }
}
