import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds of funds held in a deposit forwarder (issue #35): `source` says who pays a refund back,
 * the payee's wallet (`payee_wallet`, every refund so far) or the forwarder of the request's deposit
 * address (`deposit_forwarder`: the payee signs an EIP-712 refund, the platform's relayer sends it).
 * A forwarder refund stores what the payee signs (`refund_key`, the bytes32 refund id the forwarder
 * consumes; `token`, null for native; `forwarder`; `deadline`) and, once given, the `signature`.
 * `reported_tx_hash`: the transaction a payee's wallet says it sent for a payee_wallet refund (the
 * dashboard reports it), so a reverted one is seen (a revert emits no event for detection).
 * `cancelled`: an unsigned refund given up (its amount no longer reserved). Expand only: new nullable
 * columns and a wider status check; the old release writes `payee_wallet` rows through the default.
 */
export class ForwarderRefunds1763887100000 implements MigrationInterface {
  name = 'ForwarderRefunds1763887100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE refunds
        ADD COLUMN source text NOT NULL DEFAULT 'payee_wallet' CHECK (source IN ('payee_wallet', 'deposit_forwarder')),
        ADD COLUMN refund_key text,
        ADD COLUMN forwarder text,
        ADD COLUMN deadline timestamptz,
        ADD COLUMN signature text,
        ADD COLUMN reported_tx_hash text`);
    await q.query('ALTER TABLE refunds DROP CONSTRAINT refunds_status_check');
    await q.query(`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check
      CHECK (status IN ('awaiting_signature', 'submitted', 'confirmed', 'failed', 'cancelled'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE refunds SET status = 'failed', failure_reason = 'cancelled' WHERE status = 'cancelled'`);
    await q.query('ALTER TABLE refunds DROP CONSTRAINT refunds_status_check');
    await q.query(`ALTER TABLE refunds ADD CONSTRAINT refunds_status_check
      CHECK (status IN ('awaiting_signature', 'submitted', 'confirmed', 'failed'))`);
    await q.query(
      'ALTER TABLE refunds DROP COLUMN source, DROP COLUMN refund_key, DROP COLUMN forwarder, DROP COLUMN deadline, DROP COLUMN signature, DROP COLUMN reported_tx_hash',
    );
  }
}
