import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOutbox1763884800000 implements MigrationInterface {
  name = 'CreateOutbox1763884800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_type text NOT NULL,
        aggregate_type text NOT NULL,
        aggregate_id text NOT NULL,
        partition smallint NOT NULL CHECK (partition >= 0),
        payload jsonb NOT NULL,
        request_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    // The relay reads unpublished rows of one partition in id order.
    await q.query(`CREATE INDEX outbox_events_unpublished ON outbox_events (partition, id) WHERE published_at IS NULL`);
    await q.query(`CREATE INDEX outbox_events_aggregate ON outbox_events (aggregate_type, aggregate_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE outbox_events');
  }
}
