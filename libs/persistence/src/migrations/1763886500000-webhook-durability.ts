import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Postgres as the record of webhook work (issue #22): when each pending delivery's next attempt
 * is due (the reconciler queues again what Redis lost), attempts per round beyond the
 * interface's four (extended schedule), the recovery lane, per-endpoint settings and limits,
 * and the endpoint's failure streak and disable mark.
 */
export class WebhookDurability1763886500000 implements MigrationInterface {
  name = 'WebhookDurability1763886500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_deliveries
        ADD COLUMN round_attempts int NOT NULL DEFAULT 0 CHECK (round_attempts >= 0),
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN lane text NOT NULL DEFAULT 'live' CHECK (lane IN ('live', 'recovery'))`);
    // Rounds already under way keep their count (attempts of the current round).
    await q.query(`
      UPDATE webhook_deliveries d SET round_attempts = (SELECT count(*) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id AND a.round = d.round)
       WHERE d.status = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`ALTER TABLE webhook_delivery_attempts DROP CONSTRAINT webhook_delivery_attempts_retry_count_check`);
    await q.query(
      `ALTER TABLE webhook_delivery_attempts ADD CONSTRAINT webhook_delivery_attempts_retry_count_check CHECK (retry_count >= 0)`,
    );
    await q.query(`
      ALTER TABLE webhook_endpoints
        ADD COLUMN extended_retries boolean NOT NULL DEFAULT false,
        ADD COLUMN max_concurrency int CHECK (max_concurrency BETWEEN 1 AND 1000),
        ADD COLUMN max_per_second int CHECK (max_per_second BETWEEN 1 AND 10000),
        ADD COLUMN failing_since timestamptz,
        ADD COLUMN disabled_reason text CHECK (disabled_reason IN ('failing', 'gone')),
        ADD COLUMN disabled_at timestamptz`);
    // Reactivating an endpoint (any route, any repository method) clears its disable mark and failure streak.
    await q.query(`
      CREATE FUNCTION webhook_endpoint_reactivated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.disabled_reason := NULL;
        NEW.disabled_at := NULL;
        NEW.failing_since := NULL;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER webhook_endpoint_reactivated BEFORE UPDATE OF is_active ON webhook_endpoints
        FOR EACH ROW WHEN (NEW.is_active AND NOT OLD.is_active) EXECUTE FUNCTION webhook_endpoint_reactivated()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER webhook_endpoint_reactivated ON webhook_endpoints');
    await q.query('DROP FUNCTION webhook_endpoint_reactivated()');
    await q.query(`
      ALTER TABLE webhook_endpoints DROP COLUMN extended_retries, DROP COLUMN max_concurrency, DROP COLUMN max_per_second,
        DROP COLUMN failing_since, DROP COLUMN disabled_reason, DROP COLUMN disabled_at`);
    await q.query('ALTER TABLE webhook_delivery_attempts DROP CONSTRAINT webhook_delivery_attempts_retry_count_check');
    await q.query(
      'ALTER TABLE webhook_delivery_attempts ADD CONSTRAINT webhook_delivery_attempts_retry_count_check CHECK (retry_count BETWEEN 0 AND 3)',
    );
    await q.query('DROP INDEX webhook_deliveries_due');
    await q.query('ALTER TABLE webhook_deliveries DROP COLUMN round_attempts, DROP COLUMN next_attempt_at, DROP COLUMN lane');
  }
}
