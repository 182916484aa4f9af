import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';
import { ownerCondition, type WebhookOwner } from './webhook-owner.js';

/** Endpoint changes that are serialised per owner (caps) or made in one statement (secret rotation). */
export class WebhookEndpointChangesRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Holds a transaction-scoped lock on the owner's endpoint set, so two registrations (or
   * reactivations) cannot both pass a cap check; call inside a transaction.
   */
  async lockOwner(owner: WebhookOwner): Promise<void> {
    const key = owner.kind === 'client-id' ? `client-id:${owner.clientIdId}` : `orchestrator:${owner.orchestratorId}`;
    await sqlExecute(this.manager, "SELECT pg_advisory_xact_lock(hashtextextended('payrail:webhook-endpoints:' || $1, 0))", [key]);
  }

  /**
   * For a Client ID owner: locks its platform's endpoint set (like lockOwner, across the platform's
   * Client IDs) and answers how many active endpoints the platform's Client IDs have, `excludeId` aside.
   */
  async lockAndCountPlatformActive(clientIdId: string, excludeId?: string): Promise<number> {
    await sqlExecute(
      this.manager,
      `SELECT pg_advisory_xact_lock(hashtextextended('payrail:webhook-endpoints:platform:' || platform_id, 0))
         FROM client_ids WHERE id = $1`,
      [clientIdId],
    );
    const row = await sqlOne<{ n: number }>(
      this.manager,
      `SELECT count(*)::int AS n
         FROM webhook_endpoints e JOIN client_ids c ON c.id = e.client_id_id
        WHERE c.platform_id = (SELECT platform_id FROM client_ids WHERE id = $1) AND e.is_active AND e.id <> $2`,
      [clientIdId, excludeId ?? ''],
    );
    return row?.n ?? 0;
  }

  /**
   * Replaces the owner's endpoint secret with `secretEncrypted` (encrypted for this endpoint id)
   * in one statement: the replaced ciphertext moves to the previous-secret column (same cipher,
   * same associated data), replacing any earlier previous secret, and keeps signing for
   * `overlapSeconds` from the database's now() (0: not at all). Null when the owner has no such endpoint.
   */
  async rotateSecret(
    owner: WebhookOwner,
    id: string,
    secretEncrypted: string,
    overlapSeconds: number,
  ): Promise<{ previousSecretExpiresAt: Date | null } | null> {
    const cond = ownerCondition(owner, 'e', 2);
    const row = await sqlOne<{ previousSecretExpiresAt: Date | null }>(
      this.manager,
      `UPDATE webhook_endpoints e
          SET secret_encrypted = $3,
              previous_secret_encrypted = CASE WHEN $4::int > 0 THEN e.secret_encrypted END,
              previous_secret_expires_at = CASE WHEN $4::int > 0 THEN now() + make_interval(secs => $4::int) END,
              updated_at = now()
        WHERE e.id = $1 AND ${cond.sql}
        RETURNING e.previous_secret_expires_at AS "previousSecretExpiresAt"`,
      [id, cond.value, secretEncrypted, overlapSeconds],
    );
    return row ?? null;
  }
}
