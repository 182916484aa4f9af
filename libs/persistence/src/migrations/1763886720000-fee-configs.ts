import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fee configurations: one per platform and one per orchestrator (basis points, optional USD cap in
 * cents, who bears the fee, a recipient per network kind, active or disabled). A secure payment
 * keeps the fee plan it was created with (`fee_plan`), so later configuration changes never
 * reprice an existing link.
 */
export class FeeConfigs1763886720000 implements MigrationInterface {
  name = 'FeeConfigs1763886720000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE fee_configs (
        id text PRIMARY KEY,
        platform_id text REFERENCES platforms(id) ON DELETE CASCADE,
        orchestrator_id text REFERENCES orchestrators(id) ON DELETE CASCADE,
        bps integer NOT NULL CHECK (bps BETWEEN 0 AND 10000),
        usd_cap_cents numeric(78,0) CHECK (usd_cap_cents >= 0),
        fee_bearer text NOT NULL CHECK (fee_bearer IN ('payer', 'payee')),
        evm_recipient_address text,
        tron_recipient_address text,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((platform_id IS NULL) <> (orchestrator_id IS NULL)),
        CHECK (evm_recipient_address IS NOT NULL OR tron_recipient_address IS NOT NULL)
      )`);
    await q.query('CREATE UNIQUE INDEX fee_configs_platform ON fee_configs (platform_id) WHERE platform_id IS NOT NULL');
    await q.query('CREATE UNIQUE INDEX fee_configs_orchestrator ON fee_configs (orchestrator_id) WHERE orchestrator_id IS NOT NULL');
    await q.query('ALTER TABLE secure_payments ADD COLUMN fee_plan jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE secure_payments DROP COLUMN fee_plan');
    await q.query('DROP TABLE fee_configs');
  }
}
