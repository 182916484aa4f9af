import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDetection1763885500000 implements MigrationInterface {
  name = 'CreateDetection1763885500000';

  async up(q: QueryRunner): Promise<void> {
    // How far each network has been read; the block's hash detects a reorg under the cursor.
    await q.query(`
      CREATE TABLE chain_cursors (
        network text PRIMARY KEY,
        block_number bigint NOT NULL,
        block_hash text NOT NULL,
        -- Tron: TronGrid is read by time; the newest confirmed event's timestamp.
        block_timestamp timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Hashes of the recently read blocks, to find the common ancestor after a reorg.
    await q.query(`
      CREATE TABLE chain_blocks (
        network text NOT NULL,
        block_number bigint NOT NULL,
        block_hash text NOT NULL,
        block_timestamp timestamptz NOT NULL,
        PRIMARY KEY (network, block_number)
      )`);
    // Every fee-proxy payment log seen, once (network, tx, log index), until a reorg removes it.
    await q.query(`
      CREATE TABLE payment_transfers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        network text NOT NULL,
        contract text NOT NULL,
        tx_hash text NOT NULL,
        log_index integer NOT NULL,
        block_number bigint NOT NULL,
        block_hash text NOT NULL,
        block_timestamp timestamptz NOT NULL,
        reference_topic text NOT NULL,
        token text,
        to_address text NOT NULL,
        from_address text,
        amount numeric(78, 0) NOT NULL,
        fee_amount numeric(78, 0) NOT NULL,
        fee_address text NOT NULL,
        settled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (network, tx_hash, log_index)
      )`);
    await q.query('CREATE INDEX payment_transfers_reference ON payment_transfers (network, reference_topic)');
    await q.query('CREATE INDEX payment_transfers_unsettled ON payment_transfers (network, block_number) WHERE settled_at IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['payment_transfers', 'chain_blocks', 'chain_cursors']) await q.query(`DROP TABLE ${table}`);
  }
}
