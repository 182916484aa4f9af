import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pay by transfer: what the page needs to say "n of m confirmations" (issue #34). chain-worker's
 * deposit sweeper writes, once per pass per network, the head block it read and the confirmations
 * it waits for (its CHAIN_CONFIRMATIONS); the API counts a transfer's confirmations from its block
 * (deposit_transfers, now read up to the head) against them. One row per network, no row per deposit.
 */
export class DepositHeads1763886810000 implements MigrationInterface {
  name = 'DepositHeads1763886810000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_heads (
        network text PRIMARY KEY,
        head_block bigint NOT NULL CHECK (head_block >= 0),
        confirmations integer NOT NULL CHECK (confirmations >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE deposit_heads');
  }
}
