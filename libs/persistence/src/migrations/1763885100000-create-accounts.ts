import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccounts1763885100000 implements MigrationInterface {
  name = 'CreateAccounts1763885100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id text PRIMARY KEY,
        email text UNIQUE CHECK (email = lower(email)),
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE wallets (
        id text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id),
        kind text NOT NULL CHECK (kind IN ('evm', 'tron')),
        address text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, address)
      )`);
    await q.query(`
      CREATE TABLE platform_members (
        platform_id text NOT NULL REFERENCES platforms(id),
        user_id text NOT NULL REFERENCES users(id),
        role text NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'member')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (platform_id, user_id)
      )`);
    await q.query('CREATE INDEX platform_members_user ON platform_members (user_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['platform_members', 'wallets', 'users']) await q.query(`DROP TABLE ${table}`);
  }
}
