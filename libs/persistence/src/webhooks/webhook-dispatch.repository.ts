import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';
import type { WebhookDeliveryStatus } from './webhook.entities.js';

export interface DeliveryRef {
  id: string;
  endpointId: string;
  status: WebhookDeliveryStatus;
  round: number;
}

/** What one attempt needs: the delivery (body, state) and its endpoint. */
export interface DeliveryForAttempt {
  id: string;
  round: number;
  /** Ordering aids of an event's delivery (null on test deliveries): its outbox id, and when it was written. */
  eventSequence: string | null;
  occurredAt: Date | null;
  status: WebhookDeliveryStatus;
  body: string;
  isTest: boolean;
  /** Attempts of the current round so far (the retry number of the next). */
  roundAttempts: number;
  lane: 'live' | 'recovery';
  eventType: string;
  requestId: string | null;
  endpoint: {
    id: string;
    url: string;
    secretEncrypted: string;
    /** The secret before the last rotation while its overlap lasts (database clock), else null. */
    previousSecretEncrypted: string | null;
    isActive: boolean;
    /** False when the endpoint's Client ID is no longer active (inactive, restricted, revoked); true for orchestrators'. */
    ownerActive: boolean;
    extendedRetries: boolean;
    maxConcurrency: number | null;
    maxPerSecond: number | null;
  };
}

export interface NewEventDeliveries {
  outboxEventId: string;
  eventType: string;
  body: string;
  requestId: string | null;
  /** One new id per recipient endpoint (ignored for endpoints that already have a delivery of the event). */
  deliveries: { id: string; endpointId: string }[];
}

export interface AttemptRecord {
  deliveryId: string;
  round: number;
  retryCount: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBodyHead: string | null;
  succeeded: boolean;
  /** No attempt is left after this one (the delivery fails when it did not succeed). */
  final: boolean;
  /** When not final and not succeeded: milliseconds until the next attempt is due (next_attempt_at, database clock). */
  nextDelayMs?: number;
}

/**
 * The dispatcher's side of deliveries: few statements per delivery, and batches where many
 * jobs run at once (the dispatcher is bound by database round trips). Reads here are keyed
 * by the job's own delivery or outbox id, never by tenant input.
 */
export class WebhookDispatchRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * One delivery per endpoint for each outbox event, idempotently (an endpoint that already
   * has a delivery of an event keeps it), in one statement for many events; returns every
   * delivery of each event, by outbox id. The deliveries that were there before (a fan-out run
   * again) are read in a second statement, only for the events where the insert skipped some:
   * a first fan-out, the usual case, costs the insert alone.
   */
  async createForEvents(events: NewEventDeliveries[]): Promise<Map<string, DeliveryRef[]>> {
    const rows = events.flatMap((e) => e.deliveries.map((d) => ({ ...d, e })));
    const inserted = await sqlRows<DeliveryRef & { outboxEventId: string }>(
      this.manager,
      `INSERT INTO webhook_deliveries (id, endpoint_id, outbox_event_id, event_type, body, is_test, request_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::bool[], $7::text[])
       ON CONFLICT ON CONSTRAINT webhook_deliveries_event_endpoint DO NOTHING
       RETURNING id, endpoint_id AS "endpointId", outbox_event_id::text AS "outboxEventId", status, round`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.endpointId),
        rows.map((r) => r.e.outboxEventId),
        rows.map((r) => r.e.eventType),
        rows.map((r) => r.e.body),
        rows.map(() => false),
        rows.map((r) => r.e.requestId),
      ],
    );
    const byEvent = new Map(events.map((e): [string, DeliveryRef[]] => [e.outboxEventId, []]));
    for (const { outboxEventId, ...ref } of inserted) byEvent.get(outboxEventId)?.push(ref);
    const incomplete = events.filter((e) => (byEvent.get(e.outboxEventId)?.length ?? 0) < e.deliveries.length).map((e) => e.outboxEventId);
    if (incomplete.length === 0) return byEvent;
    // Every delivery of those events, the ones just inserted included (read after the insert committed).
    const existing = await sqlRows<DeliveryRef & { outboxEventId: string }>(
      this.manager,
      // One index probe per event (a plain = ANY may be planned as a scan of the whole table).
      `SELECT d.id, d.endpoint_id AS "endpointId", d.outbox_event_id::text AS "outboxEventId", d.status, d.round
         FROM unnest($1::bigint[]) AS e(outbox_event_id)
        CROSS JOIN LATERAL (SELECT * FROM webhook_deliveries w WHERE w.outbox_event_id = e.outbox_event_id) d`,
      [incomplete],
    );
    for (const id of incomplete) byEvent.set(id, []);
    for (const { outboxEventId, ...ref } of existing) byEvent.get(outboxEventId)?.push(ref);
    return byEvent;
  }

  /** Deliveries with their endpoints, in one query; a missing id was deleted with its endpoint. */
  async loadForAttempts(deliveryIds: string[]): Promise<Map<string, DeliveryForAttempt>> {
    const rows = await sqlRows<Omit<DeliveryForAttempt, 'endpoint'> & { endpointId: string } & Omit<DeliveryForAttempt['endpoint'], 'id'>>(
      this.manager,
      `SELECT d.id, d.round, d.status, d.body, d.is_test AS "isTest", d.round_attempts AS "roundAttempts", d.lane,
              d.event_type AS "eventType", d.request_id AS "requestId", e.id AS "endpointId", e.url,
              e.secret_encrypted AS "secretEncrypted", e.is_active AS "isActive", e.extended_retries AS "extendedRetries",
              e.max_concurrency AS "maxConcurrency", e.max_per_second AS "maxPerSecond",
              CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_encrypted END AS "previousSecretEncrypted",
              (e.client_id_id IS NULL OR c.status = 'active') AS "ownerActive",
              d.outbox_event_id::text AS "eventSequence", o.created_at AS "occurredAt"
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         LEFT JOIN client_ids c ON c.id = e.client_id_id
         LEFT JOIN outbox_events o ON o.id = d.outbox_event_id
        WHERE d.id = ANY($1::text[])`,
      [deliveryIds],
    );
    return new Map(
      rows.map(
        ({
          endpointId,
          url,
          secretEncrypted,
          previousSecretEncrypted,
          isActive,
          ownerActive,
          extendedRetries,
          maxConcurrency,
          maxPerSecond,
          ...d
        }) => [
          d.id,
          {
            ...d,
            endpoint: {
              id: endpointId,
              url,
              secretEncrypted,
              previousSecretEncrypted,
              isActive,
              ownerActive,
              extendedRetries,
              maxConcurrency,
              maxPerSecond,
            },
          },
        ],
      ),
    );
  }

  /**
   * Records attempts and moves their deliveries on, all in one statement (atomic): the
   * attempt rows are inserted and each delivery's count, last result and status updated.
   * A delivery whose round moved on meanwhile (manual redelivery) keeps its new state.
   */
  async recordAttempts(attempts: AttemptRecord[]): Promise<void> {
    if (attempts.length === 0) return;
    const column = <T>(pick: (a: AttemptRecord) => T) => attempts.map(pick);
    const nextStatus = (a: AttemptRecord): WebhookDeliveryStatus => (a.succeeded ? 'succeeded' : a.final ? 'failed' : 'pending');
    await sqlExecute(
      this.manager,
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[], $9::bool[], $10::text[], $11::bigint[])
           AS t(delivery_id, round, retry_count, started_at, duration_ms, status_code, error, response_body_head, succeeded, next_status, next_delay_ms)),
       attempts AS (
         INSERT INTO webhook_delivery_attempts (delivery_id, round, retry_count, started_at, duration_ms, status_code, error, response_body_head, succeeded)
         SELECT i.delivery_id, i.round, i.retry_count, i.started_at, i.duration_ms, i.status_code, i.error, i.response_body_head, i.succeeded
           FROM input i JOIN webhook_deliveries d ON d.id = i.delivery_id),
       -- The endpoint's run of failures: starts at its first failed attempt, ends at a success.
       -- Only a change writes the endpoint row (no hot-row update per successful delivery).
       streaks AS (
         UPDATE webhook_endpoints e SET failing_since = CASE WHEN s.ok THEN NULL ELSE s.first_started END
           FROM (SELECT d.endpoint_id, bool_or(i.succeeded) AS ok, min(i.started_at) AS first_started
                   FROM input i JOIN webhook_deliveries d ON d.id = i.delivery_id GROUP BY d.endpoint_id) s
          WHERE e.id = s.endpoint_id AND (e.failing_since IS NULL) = NOT s.ok)
       UPDATE webhook_deliveries d
          SET attempt_count = d.attempt_count + 1, last_status_code = i.status_code, last_error = i.error,
              round_attempts = GREATEST(d.round_attempts, i.retry_count + 1),
              next_attempt_at = CASE WHEN i.next_status = 'pending' THEN now() + i.next_delay_ms * interval '1 millisecond' ELSE d.next_attempt_at END,
              status = CASE WHEN d.status = 'succeeded' THEN d.status ELSE i.next_status END,
              completed_at = CASE WHEN i.next_status = 'pending' THEN d.completed_at ELSE now() END
         FROM input i
        WHERE d.id = i.delivery_id AND d.round = i.round`,
      [
        column((a) => a.deliveryId),
        column((a) => a.round),
        column((a) => a.retryCount),
        column((a) => a.startedAt),
        column((a) => a.durationMs),
        column((a) => a.statusCode),
        column((a) => a.error),
        column((a) => a.responseBodyHead),
        column((a) => a.succeeded),
        column(nextStatus),
        column((a) => a.nextDelayMs ?? 0),
      ],
    );
  }

  /** Ends a delivery without an attempt (its endpoint was deactivated meanwhile). */
  async fail(deliveryId: string, round: number, reason: string): Promise<void> {
    await sqlExecute(
      this.manager,
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $3, completed_at = now() WHERE id = $1 AND round = $2 AND status = 'pending'`,
      [deliveryId, round, reason],
    );
  }

  /** How the deliveries of one event stand, by status. */
  async statusCountsOfEvent(outboxEventId: string): Promise<Record<WebhookDeliveryStatus, number>> {
    const rows = await sqlRows<{ status: WebhookDeliveryStatus; n: number }>(
      this.manager,
      'SELECT status, count(*)::int AS n FROM webhook_deliveries WHERE outbox_event_id = $1 GROUP BY status',
      [outboxEventId],
    );
    const counts = { pending: 0, succeeded: 0, failed: 0 };
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }
}
