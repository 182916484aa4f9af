import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePayers1763885300000 implements MigrationInterface {
  name = 'CreatePayers1763885300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payers (
        id uuid PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id),
        client_user_id text NOT NULL CHECK (length(client_user_id) BETWEEN 1 AND 255),
        identity_encrypted text NOT NULL,
        kyc_status text NOT NULL DEFAULT 'not_started'
          CHECK (kyc_status IN ('not_started', 'pending', 'approved', 'rejected', 'retry_required')),
        agreement_status text NOT NULL DEFAULT 'not_started'
          CHECK (agreement_status IN ('not_started', 'pending', 'completed', 'rejected')),
        provider text NOT NULL,
        kyc_session text NOT NULL UNIQUE,
        agreement_session text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (platform_id, client_user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payers');
  }
}
