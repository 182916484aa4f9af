import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail ownership is verified before an e-mail account's first login:
 * - users.email_verified_at, set for every account that exists today (they keep signing in);
 * - email_verification_tokens: single-use tokens (only their SHA-256 is kept), each bound to the
 *   password hash of the registration that issued it, so verifying sets that registration's password.
 */
export class EmailVerification1763885900000 implements MigrationInterface {
  name = 'EmailVerification1763885900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users ADD COLUMN email_verified_at timestamptz');
    await q.query('UPDATE users SET email_verified_at = created_at WHERE email IS NOT NULL');
    await q.query(`
      CREATE TABLE email_verification_tokens (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        password_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX email_verification_tokens_user ON email_verification_tokens (user_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE email_verification_tokens');
    await q.query('ALTER TABLE users DROP COLUMN email_verified_at');
  }
}
