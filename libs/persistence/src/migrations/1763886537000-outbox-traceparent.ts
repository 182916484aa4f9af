import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traces (OpenTelemetry, off by default): an outbox row records the W3C traceparent of the span that
 * wrote it (an HTTP request, a settlement), so the relay's span and the webhook attempts it leads
 * to continue the same trace. Null when tracing is off.
 */
export class OutboxTraceparent1763886537000 implements MigrationInterface {
  name = 'OutboxTraceparent1763886537000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_events ADD COLUMN traceparent text');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE outbox_events DROP COLUMN traceparent');
  }
}
