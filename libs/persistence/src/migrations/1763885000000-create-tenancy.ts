import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTenancy1763885000000 implements MigrationInterface {
  name = 'CreateTenancy1763885000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE platforms (
        id text PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE client_ids (
        id text PRIMARY KEY,
        client_id text NOT NULL UNIQUE,
        platform_id text NOT NULL REFERENCES platforms(id),
        label text NOT NULL DEFAULT '' CHECK (length(label) <= 100),
        allowed_origins text[] NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'revoked', 'restricted')),
        rate_tier text NOT NULL DEFAULT 'default' CHECK (rate_tier IN ('basic', 'default', 'premium', 'high-volume')),
        fee_percentage numeric(5, 2) CHECK (fee_percentage >= 0 AND fee_percentage <= 100),
        fee_address text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX client_ids_platform ON client_ids (platform_id, created_at)');
    // CORS preflights find the Client IDs that allow an origin.
    await q.query('CREATE INDEX client_ids_origins ON client_ids USING gin (allowed_origins)');
    await q.query(`
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        platform_id text NOT NULL REFERENCES platforms(id),
        prefix text NOT NULL UNIQUE,
        key_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await q.query('CREATE INDEX api_keys_platform ON api_keys (platform_id)');
    await q.query(`
      CREATE TABLE orchestrators (
        id text PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE orchestrator_keys (
        id text PRIMARY KEY,
        orchestrator_id text NOT NULL REFERENCES orchestrators(id),
        prefix text NOT NULL UNIQUE,
        key_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE orchestrator_links (
        orchestrator_id text NOT NULL REFERENCES orchestrators(id),
        client_id_id text NOT NULL REFERENCES client_ids(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (orchestrator_id, client_id_id)
      )`);
    await q.query('CREATE INDEX orchestrator_links_client ON orchestrator_links (client_id_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['orchestrator_links', 'orchestrator_keys', 'orchestrators', 'api_keys', 'client_ids', 'platforms']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
