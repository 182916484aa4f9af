import { sqlOne, sqlRows, type SqlTarget } from '../sql/typed-query.js';
import type { WebhookDeliveryRow } from '../webhooks/webhook-deliveries.repository.js';
import { afterPosition, cursorPosition, type KeysetPage, microsOf, pageOf, SqlParams } from './keyset.js';

/** Filters of the platform's delivery log (validated by the API before they get here). */
export interface DeliveryFilter {
  status?: string;
  eventType?: string;
  /** Endpoint id. */
  webhookId?: string;
  /** Public Client ID (cli_...) whose endpoints are read. */
  clientId?: string;
  /** created_at >= from */
  from?: Date;
  /** created_at < to */
  to?: Date;
}

/** A delivery to one of the platform's endpoints, with the endpoint's URL and Client ID. */
/** `nextAttemptAt`: when the worker runs the delivery's next attempt (webhook_deliveries.next_attempt_at). */
export type DeliveryLogRow = WebhookDeliveryRow & { cursor_micros: string; url: string; clientId: string; nextAttemptAt: Date };

/** A platform endpoint with the public Client ID it belongs to. */
export interface PlatformEndpointRow {
  id: string;
  url: string;
  isActive: boolean;
  clientId: string;
  clientIdId: string;
  createdAt: Date;
  extendedRetries: boolean;
  disabledReason: 'failing' | 'gone' | null;
  disabledAt: Date | null;
}

const COLUMNS = `d.id, d.endpoint_id AS "endpointId", d.outbox_event_id::text AS "outboxEventId", d.event_type AS "eventType",
  d.body, d.is_test AS "isTest", d.status, d.round, d.attempt_count AS "attemptCount", d.last_status_code AS "lastStatusCode",
  d.last_error AS "lastError", d.created_at AS "createdAt", d.completed_at AS "completedAt",
  d.next_attempt_at AS "nextAttemptAt", ${microsOf('d.created_at')}::text AS cursor_micros, e.url, c.client_id AS "clientId"`;

/** Platform endpoints are those of its Client IDs. */
const OF_PLATFORM = `FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN client_ids c ON c.id = e.client_id_id`;

/** The delivery log across every endpoint of a platform's Client IDs; every query is scoped to the platform. */
export class WebhookDeliveryListingRepository {
  constructor(private readonly db: SqlTarget) {}

  /** Newest first, keyset on (created_at, id). */
  async list(
    platformId: string,
    filter: DeliveryFilter,
    page: { cursor?: string; limit: number },
  ): Promise<KeysetPage<DeliveryLogRow & { id: string }>> {
    const p = new SqlParams();
    const where = [`c.platform_id = ${p.add(platformId)}`];
    if (filter.status) where.push(`d.status = ${p.add(filter.status)}`);
    if (filter.eventType) where.push(`d.event_type = ${p.add(filter.eventType)}`);
    if (filter.webhookId) where.push(`d.endpoint_id = ${p.add(filter.webhookId)}`);
    if (filter.clientId) where.push(`c.client_id = ${p.add(filter.clientId)}`);
    if (filter.from) where.push(`d.created_at >= ${p.add(filter.from)}`);
    if (filter.to) where.push(`d.created_at < ${p.add(filter.to)}`);
    const position = cursorPosition(page.cursor, 'ulid');
    if (position) where.push(afterPosition('d.created_at', 'd.id', p.add(position.micros), p.add(position.id)));
    const rows = await sqlRows<DeliveryLogRow>(
      this.db,
      `SELECT ${COLUMNS} ${OF_PLATFORM} WHERE ${where.join(' AND ')} ORDER BY d.created_at DESC, d.id DESC LIMIT ${p.add(page.limit + 1)}`,
      p.values,
    );
    return pageOf(rows, page.limit);
  }

  /** Where a delivery of the platform went: its endpoint and the endpoint's Client ID (internal id); undefined when not the platform's. */
  deliveryOwner(platformId: string, deliveryId: string): Promise<{ endpointId: string; clientIdId: string } | undefined> {
    return sqlOne<{ endpointId: string; clientIdId: string }>(
      this.db,
      `SELECT d.endpoint_id AS "endpointId", e.client_id_id AS "clientIdId" ${OF_PLATFORM} WHERE c.platform_id = $1 AND d.id = $2`,
      [platformId, deliveryId],
    );
  }

  /** Every endpoint of the platform's Client IDs, oldest first (a platform has a few per Client ID). */
  endpoints(platformId: string, clientId?: string): Promise<PlatformEndpointRow[]> {
    return sqlRows<PlatformEndpointRow>(
      this.db,
      `SELECT e.id, e.url, e.is_active AS "isActive", c.client_id AS "clientId", c.id AS "clientIdId", e.created_at AS "createdAt",
              e.extended_retries AS "extendedRetries", e.disabled_reason AS "disabledReason", e.disabled_at AS "disabledAt"
         FROM webhook_endpoints e JOIN client_ids c ON c.id = e.client_id_id
        WHERE c.platform_id = $1 AND ($2::text IS NULL OR c.client_id = $2)
        ORDER BY e.created_at, e.id`,
      [platformId, clientId ?? null],
    );
  }
}
