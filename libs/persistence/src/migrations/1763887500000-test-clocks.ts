import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test clocks (issue #37, local and staging only): a platform's simulated time, moved forward by
 * advances that the chain-worker carries out on the local chain. `status` is `advancing` from the
 * API's 202 until the worker has reached `target_time`. A schedule attached at creation carries
 * `test_clock_id` (no foreign key: deleting a clock cancels its schedules first, so an attached
 * schedule never turns into an ordinary one). `chain_time_offsets` is how far test clocks have
 * moved a local chain (told apart by its genesis block: a fresh anvil starts from zero) ahead of
 * its own time: schedules not attached to a clock subtract it, so they fall due as before.
 */
export class TestClocks1763887500000 implements MigrationInterface {
  name = 'TestClocks1763887500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE test_clocks (
        id text PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id) ON DELETE CASCADE,
        name text,
        frozen_time timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'advancing')),
        target_time timestamptz,
        advanced_from timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'advancing') = (target_time IS NOT NULL))
      )`);
    await q.query('CREATE INDEX test_clocks_platform ON test_clocks (platform_id, created_at DESC)');
    await q.query(`CREATE INDEX test_clocks_advancing ON test_clocks (updated_at) WHERE status = 'advancing'`);
    await q.query('CREATE INDEX test_clocks_created ON test_clocks (created_at)');
    await q.query('ALTER TABLE recurring_payments ADD COLUMN test_clock_id text');
    await q.query(`
      CREATE TABLE chain_time_offsets (
        network text NOT NULL,
        genesis_hash text NOT NULL,
        seconds bigint NOT NULL DEFAULT 0 CHECK (seconds >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (network, genesis_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE chain_time_offsets');
    await q.query('ALTER TABLE recurring_payments DROP COLUMN test_clock_id');
    await q.query('DROP TABLE test_clocks');
  }
}
