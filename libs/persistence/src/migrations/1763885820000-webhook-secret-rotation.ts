import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secret rotation in place: the secret an endpoint had before its last rotation (encrypted like
 * the current one, under its own associated data) keeps signing until `previous_secret_expires_at`.
 */
export class WebhookSecretRotation1763885820000 implements MigrationInterface {
  name = 'WebhookSecretRotation1763885820000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_endpoints
        ADD COLUMN previous_secret_encrypted text,
        ADD COLUMN previous_secret_expires_at timestamptz,
        ADD CONSTRAINT webhook_endpoints_previous_secret
          CHECK ((previous_secret_encrypted IS NULL) = (previous_secret_expires_at IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_endpoints
        DROP CONSTRAINT webhook_endpoints_previous_secret,
        DROP COLUMN previous_secret_expires_at,
        DROP COLUMN previous_secret_encrypted`);
  }
}
