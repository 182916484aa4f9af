import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A link intent may name the Client ID it is for (`clientId` at creation): then only that Client ID,
 * by its own platform's wallet session, completes it. Null: an open invite (whoever holds the URL).
 */
export class LinkIntentExpectedClient1763886600000 implements MigrationInterface {
  name = 'LinkIntentExpectedClient1763886600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE link_intents ADD COLUMN expected_client_id text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE link_intents DROP COLUMN expected_client_id');
  }
}
