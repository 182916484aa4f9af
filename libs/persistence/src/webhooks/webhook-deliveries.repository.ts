import type { EntityManager } from 'typeorm';
import { sqlOne, sqlRows } from '../sql/typed-query.js';
import { WebhookDeliveryAttemptEntity, WebhookDeliveryEntity, type WebhookDeliveryStatus } from './webhook.entities.js';
import { ownerCondition, type WebhookOwner } from './webhook-owner.js';

/** Test deliveries and the history routes' reads. Tenant reads go through the endpoint's owner. */
export class WebhookDeliveriesRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Test deliveries (no outbox event), one per endpoint. */
  async createTests(test: { eventType: string; body: string; requestId: string | null; deliveries: { id: string; endpointId: string }[] }) {
    const rows = test.deliveries.map((d) =>
      this.manager.create(WebhookDeliveryEntity, {
        id: d.id,
        endpointId: d.endpointId,
        outboxEventId: null,
        eventType: test.eventType,
        body: test.body,
        isTest: true,
        status: 'pending',
        round: 0,
        attemptCount: 0,
        requestId: test.requestId,
      }),
    );
    await this.manager.insert(WebhookDeliveryEntity, rows);
  }

  /** Newest first; `before` is the last id of the previous page. */
  async listForEndpoint(owner: WebhookOwner, endpointId: string, page: { before: string | null; limit: number }) {
    const cond = ownerCondition(owner, 'e', 2);
    return sqlRows<WebhookDeliveryRow>(
      this.manager,
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.endpoint_id = $1 AND ${cond.sql} AND ($3::text IS NULL OR d.id < $3)
        ORDER BY d.id DESC LIMIT $4`,
      [endpointId, cond.value, page.before, page.limit],
    );
  }

  async findForEndpoint(owner: WebhookOwner, endpointId: string, deliveryId: string): Promise<WebhookDeliveryRow | null> {
    const cond = ownerCondition(owner, 'e', 3);
    const row = await sqlOne<WebhookDeliveryRow>(
      this.manager,
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND d.endpoint_id = $2 AND ${cond.sql}`,
      [deliveryId, endpointId, cond.value],
    );
    return row ?? null;
  }

  /** Attempts of the given deliveries, oldest first. */
  attemptsOf(deliveryIds: string[]): Promise<WebhookDeliveryAttemptEntity[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return this.manager
      .createQueryBuilder(WebhookDeliveryAttemptEntity, 'a')
      .where('a.deliveryId IN (:...ids)', { ids: deliveryIds })
      .orderBy('a.id', 'ASC')
      .getMany();
  }

  /** Opens a new manual round on a finished delivery; null when it is still pending. */
  async startRound(deliveryId: string): Promise<number | null> {
    const updated = await sqlOne<{ round: number }>(
      this.manager,
      `UPDATE webhook_deliveries SET status = 'pending', round = round + 1, completed_at = NULL, round_attempts = 0, next_attempt_at = now(), lane = 'live'
        WHERE id = $1 AND status <> 'pending' RETURNING round`,
      [deliveryId],
    );
    return updated?.round ?? null;
  }
}

/** A delivery as the history routes show it. */
export interface WebhookDeliveryRow {
  id: string;
  endpointId: string;
  outboxEventId: string | null;
  eventType: string;
  body: string;
  isTest: boolean;
  status: WebhookDeliveryStatus;
  round: number;
  attemptCount: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

const DELIVERY_COLUMNS = `d.id, d.endpoint_id AS "endpointId", d.outbox_event_id::text AS "outboxEventId", d.event_type AS "eventType",
  d.body, d.is_test AS "isTest", d.status, d.round, d.attempt_count AS "attemptCount", d.last_status_code AS "lastStatusCode",
  d.last_error AS "lastError", d.created_at AS "createdAt", d.completed_at AS "completedAt"`;
