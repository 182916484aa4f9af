import type { EntityManager } from 'typeorm';
import { sqlRows } from '../sql/typed-query.js';
import type { WebhookDeliveryStatus } from '../webhooks/webhook.entities.js';

/** How an event's deliveries to the platform's endpoints stand: none (no endpoint), pending, failed (one or more, none pending), succeeded (all). */
export type EventOutcome = 'none' | 'pending' | 'failed' | 'succeeded';
export const EVENT_OUTCOMES: readonly EventOutcome[] = ['none', 'pending', 'failed', 'succeeded'];

export interface EventQuery {
  platformId: string;
  /** Event names to include (already narrowed to webhook events). */
  types: readonly string[];
  /** Only events written within this many days. */
  withinDays: number;
  objectId: string | null;
  outcome: EventOutcome | null;
  /** Keyset: events with a smaller id (the previous page's last). */
  before: string | null;
  /** Events with a larger id (polling for new ones). */
  after: string | null;
  limit: number;
}

export interface EventRow {
  id: string;
  type: string;
  objectType: string;
  objectId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
  outcome: EventOutcome;
}

export interface EventDeliveryRow {
  eventId: string;
  id: string;
  webhookId: string;
  url: string;
  clientId: string;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  completedAt: Date | null;
}

/**
 * The event log a platform reads: the outbox rows of its events (the outbox keeps rows after the
 * relay published them) with their deliveries to the platform's own endpoints. Every read takes
 * the platform; orchestrators' endpoints are never shown.
 */
export class EventsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Newest first (id order), filtered; one index scan on (platform, id). */
  list(q: EventQuery): Promise<EventRow[]> {
    return sqlRows<EventRow>(
      this.manager,
      `SELECT o.id::text AS id, o.event_type AS type, o.aggregate_type AS "objectType", o.aggregate_id AS "objectId",
              o.payload, o.created_at AS "occurredAt", s.outcome
         FROM outbox_events o
        CROSS JOIN LATERAL (
          SELECT CASE WHEN count(*) = 0 THEN 'none' WHEN bool_or(d.status = 'pending') THEN 'pending'
                      WHEN bool_or(d.status = 'failed') THEN 'failed' ELSE 'succeeded' END AS outcome
            FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN client_ids c ON c.id = e.client_id_id
           WHERE d.outbox_event_id = o.id AND c.platform_id = $1) s
        WHERE o.payload #>> '{_routing,platformId}' = $1
          AND o.event_type = ANY($2::text[])
          AND o.created_at > now() - make_interval(days => $3::int)
          AND ($4::text IS NULL OR o.aggregate_id = $4)
          AND ($5::bigint IS NULL OR o.id < $5::bigint)
          AND ($6::bigint IS NULL OR o.id > $6::bigint)
          AND ($7::text IS NULL OR s.outcome = $7)
        ORDER BY o.id DESC
        LIMIT $8`,
      [q.platformId, q.types, q.withinDays, q.objectId, q.before, q.after, q.outcome, q.limit],
    );
  }

  /** The deliveries of these events to the platform's endpoints (one per endpoint and event). */
  deliveriesOf(platformId: string, eventIds: readonly string[]): Promise<EventDeliveryRow[]> {
    if (eventIds.length === 0) return Promise.resolve([]);
    return sqlRows<EventDeliveryRow>(
      this.manager,
      `SELECT d.outbox_event_id::text AS "eventId", d.id, d.endpoint_id AS "webhookId", e.url, c.client_id AS "clientId",
              d.status, d.attempt_count AS "attemptCount", d.last_status_code AS "lastStatusCode", d.last_error AS "lastError",
              d.completed_at AS "completedAt"
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN client_ids c ON c.id = e.client_id_id
        WHERE d.outbox_event_id = ANY($1::bigint[]) AND c.platform_id = $2
        ORDER BY d.id`,
      [eventIds, platformId],
    );
  }
}
