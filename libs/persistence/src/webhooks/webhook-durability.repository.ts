import type { EntityManager } from 'typeorm';
import { sqlOne, sqlRows } from '../sql/typed-query.js';
import { ownerCondition, ownerKey, type WebhookOwner } from './webhook-owner.js';

/** A pending delivery whose attempt is due and whose job the reconciler queues again. */
export interface DueDelivery {
  id: string;
  round: number;
  roundAttempts: number;
  isTest: boolean;
  eventType: string;
  requestId: string | null;
  lane: 'live' | 'recovery';
  /**
   * Whose endpoint (`client-id:<id>` or `orchestrator:<id>`, the key of lockRecovery): the
   * reconciler ranks an owner's recovered first attempts as recover does, so owners keep taking turns.
   */
  owner: string;
}

/** A recovery round just opened (its delivery is pending again, on the recovery lane). */
export interface RecoveredDelivery {
  id: string;
  round: number;
  eventType: string;
}

/** An endpoint Payrail just deactivated, with what its owner's notice needs. */
export interface DisabledEndpoint {
  id: string;
  url: string;
  reason: 'failing' | 'gone';
  failingSince: Date | null;
  /** When it was disabled (the database clock). */
  disabledAt: Date;
  clientIdId: string | null;
  orchestratorId: string | null;
}

/**
 * Postgres as the record of webhook work (issue #22): the reconciler's claim of overdue
 * deliveries, bulk recovery rounds, and Payrail deactivating an endpoint.
 */
export class WebhookDurabilityRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Claims up to `limit` pending deliveries due for longer than `graceMs` (their job may be lost),
   * moving their due time `leaseMs` on so no other replica claims them meanwhile. SKIP LOCKED:
   * replicas reconciling at once each take different rows, and a delivery whose attempt is being
   * recorded right now is left alone.
   */
  claimOverdue(graceMs: number, leaseMs: number, limit: number): Promise<DueDelivery[]> {
    return sqlRows<DueDelivery>(
      this.manager,
      `UPDATE webhook_deliveries d SET next_attempt_at = now() + $2 * interval '1 millisecond'
         FROM (SELECT id FROM webhook_deliveries
                WHERE status = 'pending' AND next_attempt_at < now() - $1 * interval '1 millisecond'
                ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED) due, webhook_endpoints e
        WHERE d.id = due.id AND e.id = d.endpoint_id
        RETURNING d.id, d.round, d.round_attempts AS "roundAttempts", d.is_test AS "isTest", d.event_type AS "eventType",
                  d.request_id AS "requestId", d.lane,
                  CASE WHEN e.client_id_id IS NOT NULL THEN 'client-id:' || e.client_id_id ELSE 'orchestrator:' || e.orchestrator_id END AS owner`,
      [graceMs, leaseMs, limit],
    );
  }

  /**
   * Opens a recovery round on up to `limit` finished deliveries (oldest first) of the owner's
   * endpoint created since `since` (only the failed ones unless `all`): pending again, retry count
   * from 0, on the recovery lane; `more` when matching deliveries were left for another call.
   * Null when the owner has no such endpoint. Run it in a transaction holding lockRecovery.
   */
  async startRecovery(
    owner: WebhookOwner,
    endpointId: string,
    since: Date,
    all: boolean,
    limit: number,
  ): Promise<{ rounds: RecoveredDelivery[]; more: boolean } | null> {
    const cond = ownerCondition(owner, 'e', 2);
    const endpoint = await sqlOne<{ id: string }>(this.manager, `SELECT e.id FROM webhook_endpoints e WHERE e.id = $1 AND ${cond.sql}`, [
      endpointId,
      cond.value,
    ]);
    if (!endpoint) return null;
    const matching = `d.endpoint_id = $1 AND d.created_at >= $2 AND NOT d.is_test AND (d.status = 'failed' OR ($3 AND d.status = 'succeeded'))`;
    const rounds = await sqlRows<RecoveredDelivery>(
      this.manager,
      `UPDATE webhook_deliveries w
          SET status = 'pending', round = w.round + 1, completed_at = NULL, round_attempts = 0, next_attempt_at = now(), lane = 'recovery'
         FROM (SELECT d.id FROM webhook_deliveries d WHERE ${matching} ORDER BY d.id LIMIT $4 FOR UPDATE) picked
        WHERE w.id = picked.id
        RETURNING w.id, w.round, w.event_type AS "eventType"`,
      [endpointId, since, all, limit],
    );
    const rest = await sqlOne<{ more: boolean }>(
      this.manager,
      `SELECT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE ${matching}) AS more`,
      [endpointId, since, all],
    );
    return { rounds: rounds.sort((a, b) => (a.id < b.id ? -1 : 1)), more: rest?.more ?? false };
  }

  /**
   * Serialises recoveries of one owner across replicas until the caller's transaction ends
   * (a Postgres advisory lock; no other lock uses this key).
   */
  async lockRecovery(owner: WebhookOwner): Promise<void> {
    const key = ownerKey(owner);
    await sqlOne(this.manager, "SELECT pg_advisory_xact_lock(hashtextextended('payrail:webhook-recovery:' || $1, 0)) AS locked", [key]);
  }

  /**
   * Deliveries of a recovery of any of the owner's endpoints still waiting for their first
   * attempt (pending on the recovery lane, none made in this round): while there are, the
   * owner's recovery is running.
   */
  async waitingRecovered(owner: WebhookOwner): Promise<number> {
    const cond = ownerCondition(owner, 'e', 1);
    const row = await sqlOne<{ n: number }>(
      this.manager,
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE ${cond.sql} AND d.status = 'pending' AND d.lane = 'recovery' AND d.round_attempts = 0`,
      [cond.value],
    );
    return row?.n ?? 0;
  }

  /**
   * Deactivates an endpoint for `reason` when it is active and, for 'failing', has failed every
   * attempt for at least `failingForMs`; null when nothing changed (already off, or a success
   * came in between).
   */
  disable(endpointId: string, reason: 'failing' | 'gone', failingForMs: number): Promise<DisabledEndpoint | undefined> {
    return sqlOne<DisabledEndpoint>(
      this.manager,
      `UPDATE webhook_endpoints
          SET is_active = false, disabled_reason = $2, disabled_at = now(), updated_at = now()
        WHERE id = $1 AND is_active
          AND ($2 = 'gone' OR failing_since <= now() - $3 * interval '1 millisecond')
        RETURNING id, url, disabled_reason AS reason, failing_since AS "failingSince", disabled_at AS "disabledAt",
                  client_id_id AS "clientIdId", orchestrator_id AS "orchestratorId"`,
      [endpointId, reason, failingForMs],
    );
  }

  /** Changes the endpoint's delivery settings (fields left undefined keep their value); false when the owner has no such endpoint. */
  async updateSettings(
    owner: WebhookOwner,
    endpointId: string,
    settings: { extendedRetries?: boolean; maxConcurrency?: number | null; maxPerSecond?: number | null },
  ): Promise<boolean> {
    const cond = ownerCondition(owner, 'e', 2);
    const rows = await sqlRows<{ id: string }>(
      this.manager,
      `UPDATE webhook_endpoints e
          SET extended_retries = CASE WHEN $3 THEN $4 ELSE e.extended_retries END,
              max_concurrency = CASE WHEN $5 THEN $6::int ELSE e.max_concurrency END,
              max_per_second = CASE WHEN $7 THEN $8::int ELSE e.max_per_second END,
              updated_at = now()
        WHERE e.id = $1 AND ${cond.sql} RETURNING e.id`,
      [
        endpointId,
        cond.value,
        settings.extendedRetries !== undefined,
        settings.extendedRetries ?? false,
        settings.maxConcurrency !== undefined,
        settings.maxConcurrency ?? null,
        settings.maxPerSecond !== undefined,
        settings.maxPerSecond ?? null,
      ],
    );
    return rows.length > 0;
  }
}
