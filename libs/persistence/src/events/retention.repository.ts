import type { EntityManager } from 'typeorm';
import { sqlExecute } from '../sql/typed-query.js';

/** What the retention job deletes, in this order (attempts before their deliveries; events last). */
export const RETAINED_KINDS = ['attempts', 'deliveries', 'events'] as const;
export type RetainedKind = (typeof RETAINED_KINDS)[number];

/** A delivery expires when it was created and last finished before the cutoff, and is not pending. */
const EXPIRED_DELIVERY = `d.created_at < now() - make_interval(days => $1::int) AND d.status <> 'pending'
  AND coalesce(d.completed_at, d.created_at) < now() - make_interval(days => $1::int)`;

/**
 * Deletes one batch of rows older than the retention: at most `limit` rows per statement, chosen
 * oldest first with FOR UPDATE SKIP LOCKED (a row another transaction holds is left for the next
 * pass, never waited on), each statement its own short transaction. Answers the rows deleted.
 */
export class RetentionRepository {
  constructor(private readonly manager: EntityManager) {}

  deleteBatch(kind: RetainedKind, retentionDays: number, limit: number): Promise<number> {
    return sqlExecute(this.manager, STATEMENTS[kind], [retentionDays, limit]);
  }
}

const STATEMENTS: Record<RetainedKind, string> = {
  attempts: `DELETE FROM webhook_delivery_attempts WHERE id IN (
      SELECT a.id FROM webhook_deliveries d JOIN webhook_delivery_attempts a ON a.delivery_id = d.id
       WHERE ${EXPIRED_DELIVERY} ORDER BY d.created_at LIMIT $2 FOR UPDATE OF a SKIP LOCKED)`,
  deliveries: `DELETE FROM webhook_deliveries WHERE id IN (
      SELECT d.id FROM webhook_deliveries d WHERE ${EXPIRED_DELIVERY} ORDER BY d.created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
  // An event not yet relayed is kept whatever its age (its deliveries are still to be written).
  events: `DELETE FROM outbox_events WHERE id IN (
      SELECT o.id FROM outbox_events o WHERE o.created_at < now() - make_interval(days => $1::int) AND o.published_at IS NOT NULL
       ORDER BY o.created_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
};
