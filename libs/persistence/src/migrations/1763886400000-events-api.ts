import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events API and retention: the outbox keeps every event after it was relayed, so it is the event
 * log. GET /v2/events reads a platform's events newest first (the platform travels in the payload's
 * `_routing`); the retention job deletes events and deliveries older than the retention, oldest
 * first, in small batches.
 */
export class EventsApi1763886400000 implements MigrationInterface {
  name = 'EventsApi1763886400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX outbox_events_platform ON outbox_events ((payload #>> '{_routing,platformId}'), id DESC)`);
    await q.query('CREATE INDEX outbox_events_created ON outbox_events (created_at)');
    await q.query('CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['webhook_deliveries_created', 'outbox_events_created', 'outbox_events_platform'])
      await q.query(`DROP INDEX ${index}`);
  }
}
