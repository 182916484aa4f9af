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
