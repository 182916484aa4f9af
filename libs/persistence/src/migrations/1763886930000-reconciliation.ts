import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reconciliation (issue #36): runs that re-read a network's fee-proxy logs of a time window from
 * the RPC and compare them with the ledger, and what they found. A run is operator-wide
 * (platform_id null: the nightly schedule, `admin reconcile`) or a platform's own (POST
 * /v2/reconciliation/runs: only its requests' payments). `next_block` is its progress, so a run
 * an interrupted worker left `running` resumes where it stopped. The nightly run of a network and
 * day exists once, however many replicas schedule it (the partial unique index).
 */
export class Reconciliation1763886930000 implements MigrationInterface {
  name = 'Reconciliation1763886930000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reconciliation_runs (
        id text PRIMARY KEY,
        platform_id text REFERENCES platforms(id) ON DELETE CASCADE,
        network text NOT NULL,
        window_from timestamptz NOT NULL,
        window_to timestamptz NOT NULL CHECK (window_to > window_from),
        trigger text NOT NULL CHECK (trigger IN ('api', 'cli', 'schedule')),
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        from_block bigint,
        to_block bigint,
        next_block bigint,
        chain_transfers integer NOT NULL DEFAULT 0,
        ledger_transfers integer NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX reconciliation_runs_open ON reconciliation_runs (created_at) WHERE status IN ('queued', 'running')`);
    await q.query('CREATE INDEX reconciliation_runs_platform ON reconciliation_runs (platform_id, created_at DESC)');
    await q.query(
      `CREATE UNIQUE INDEX reconciliation_runs_nightly ON reconciliation_runs (network, window_from) WHERE trigger = 'schedule'`,
    );
    await q.query(`
      CREATE TABLE reconciliation_discrepancies (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        run_id text NOT NULL REFERENCES reconciliation_runs(id) ON DELETE CASCADE,
        class text NOT NULL CHECK (class IN ('missing_in_ledger', 'missing_on_chain', 'amount_mismatch', 'fee_mismatch', 'status_mismatch')),
        platform_id text,
        request_id text,
        reference_topic text NOT NULL,
        tx_hash text,
        log_index integer,
        block_number bigint,
        chain jsonb,
        ledger jsonb,
        repaired_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- A chunk read again after a crash finds the same items: stored once.
        UNIQUE (run_id, class, reference_topic, tx_hash, log_index)
      )`);
    await q.query('CREATE INDEX reconciliation_discrepancies_run ON reconciliation_discrepancies (run_id, platform_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE reconciliation_discrepancies');
    await q.query('DROP TABLE reconciliation_runs');
  }
}
