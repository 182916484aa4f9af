import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pay by transfer (issue #34): one row per request whose deposit address chain-worker watches.
 * The address itself is derived (CREATE2, @payrail/chains depositAddress) from the request's terms;
 * the row holds what was seen at it (the balance at the network's confirmed block), the sweep that
 * paid it through the fee proxy and the relayer gas that sweep cost. `deposit_transfers` records the
 * token Transfer logs to watched addresses (any token: a wrong token is recorded, never counted).
 */
export class DepositAddresses1763886800000 implements MigrationInterface {
  name = 'DepositAddresses1763886800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_addresses (
        request_id text PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
        network text NOT NULL,
        address text NOT NULL CHECK (address ~ '^0x[0-9a-fA-F]{40}$'),
        factory text NOT NULL,
        token text,
        expected numeric(78, 0) NOT NULL CHECK (expected > 0),
        received numeric(78, 0) NOT NULL DEFAULT 0 CHECK (received >= 0),
        received_block bigint,
        status text NOT NULL DEFAULT 'watching' CHECK (status IN ('watching', 'sweeping', 'swept', 'failed')),
        sweep_tx_hash text,
        sweep_sent_at timestamptz,
        sweep_gas_used numeric(78, 0),
        sweep_gas_cost numeric(78, 0),
        swept_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (network, address)
      )`);
    await q.query(`CREATE INDEX deposit_addresses_open ON deposit_addresses (network, status) WHERE status IN ('watching', 'sweeping')`);
    await q.query(`
      CREATE TABLE deposit_transfers (
        network text NOT NULL,
        tx_hash text NOT NULL,
        log_index integer NOT NULL,
        address text NOT NULL,
        token text NOT NULL,
        sender text NOT NULL,
        amount numeric(78, 0) NOT NULL,
        block_number bigint NOT NULL,
        counted boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (network, tx_hash, log_index)
      )`);
    await q.query('CREATE INDEX deposit_transfers_address ON deposit_transfers (network, address)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE deposit_transfers');
    await q.query('DROP TABLE deposit_addresses');
  }
}
