import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settlement checks the whole payment and survives reorgs of any depth:
 * - requests may be `fee_short` (amount reached, fee to the fee address short) and keep the fee paid;
 * - reversed_transfers holds the settled transfers a reorg removed until their requests are
 *   settled again (written in the rollback's transaction, deleted in the re-settlement's), so a
 *   crash between the two loses no reversal and a second pass sends none;
 * - chain_cursors remembers where each follower started (the last resort of a reorg deeper than
 *   every block hash kept), and transfers are found by block for rollbacks and the ancestor search.
 */
export class SettlementChecks1763885850000 implements MigrationInterface {
  name = 'SettlementChecks1763885850000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE requests DROP CONSTRAINT requests_status_check');
    await q.query(
      `ALTER TABLE requests ADD CONSTRAINT requests_status_check CHECK (status IN ('pending', 'partial', 'paid', 'overpaid', 'fee_short'))`,
    );
    await q.query('ALTER TABLE requests ADD COLUMN fee_paid numeric(78, 0) NOT NULL DEFAULT 0 CHECK (fee_paid >= 0)');
    // What settled requests were paid in fees so far, by the new rule (statuses already sent stay as they are).
    await q.query(`
      UPDATE requests r SET fee_paid = paid.fee FROM (
        SELECT r2.id, sum(t.fee_amount) AS fee FROM requests r2 JOIN payment_transfers t
            ON t.network = r2.network AND t.reference_topic = r2.reference_topic AND t.settled_at IS NOT NULL
           AND lower(t.contract) = lower(r2.proxy_address) AND lower(t.to_address) = lower(r2.payee)
           AND lower(coalesce(t.token, '')) = lower(coalesce(r2.currency_address, '')) AND lower(t.fee_address) = lower(r2.fee_address)
         GROUP BY r2.id) paid
       WHERE r.id = paid.id`);
    await q.query(`
      CREATE TABLE reversed_transfers (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        network text NOT NULL,
        reference_topic text NOT NULL,
        contract text NOT NULL,
        tx_hash text NOT NULL,
        log_index integer NOT NULL,
        block_number bigint NOT NULL,
        token text,
        to_address text NOT NULL,
        amount numeric(78, 0) NOT NULL,
        fee_amount numeric(78, 0) NOT NULL,
        fee_address text NOT NULL,
        reversed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX reversed_transfers_reference ON reversed_transfers (network, reference_topic)');
    await q.query('CREATE INDEX payment_transfers_block ON payment_transfers (network, block_number)');
    await q.query('ALTER TABLE chain_cursors ADD COLUMN origin_block_number bigint, ADD COLUMN origin_block_hash text');
    // Followers that exist already started at least this far back; their cursor is the best origin known.
    await q.query('UPDATE chain_cursors SET origin_block_number = block_number, origin_block_hash = block_hash');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE chain_cursors DROP COLUMN origin_block_number, DROP COLUMN origin_block_hash');
    await q.query('DROP INDEX payment_transfers_block');
    await q.query('DROP TABLE reversed_transfers');
    await q.query('ALTER TABLE requests DROP COLUMN fee_paid');
    await q.query(`UPDATE requests SET status = 'paid' WHERE status = 'fee_short'`);
    await q.query('ALTER TABLE requests DROP CONSTRAINT requests_status_check');
    await q.query(`ALTER TABLE requests ADD CONSTRAINT requests_status_check CHECK (status IN ('pending', 'partial', 'paid', 'overpaid'))`);
  }
}
