import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { sqlOne, sqlRows } from '../sql/typed-query.js';
import { WebhookEndpointEntity } from './webhook.entities.js';
import { ownerCondition, type WebhookOwner } from './webhook-owner.js';

const UNIQUE_VIOLATION = '23505';

/** Who an event goes to, as the dispatcher resolved it from the event (spec: Events, recipients). */
export interface RecipientQuery {
  /** Platform recipients: endpoints of `clientId` (public cli_ value), or of every Client ID of `platformId` when clientId is null. */
  platform: { platformId: string | null; clientId: string | null } | null;
  /** Orchestrator recipients: that orchestrator's endpoints. */
  orchestratorId: string | null;
}

/** Webhook endpoints. Every read takes the owner, so one tenant cannot read another's by accident. */
export class WebhookEndpointsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Inserts an endpoint; 'duplicate-url' when the orchestrator already has this URL (active or not). */
  async insert(
    owner: WebhookOwner,
    row: { id: string; url: string; secretEncrypted: string; extendedRetries?: boolean },
  ): Promise<WebhookEndpointEntity | 'duplicate-url'> {
    const entity = this.manager.create(WebhookEndpointEntity, {
      ...row,
      ownerType: owner.kind === 'client-id' ? 'client_id' : 'orchestrator',
      clientIdId: owner.kind === 'client-id' ? owner.clientIdId : null,
      orchestratorId: owner.kind === 'orchestrator' ? owner.orchestratorId : null,
      isActive: true,
    });
    try {
      return await this.manager.save(WebhookEndpointEntity, entity);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'duplicate-url';
      throw error;
    }
  }

  list(owner: WebhookOwner): Promise<WebhookEndpointEntity[]> {
    return this.manager.find(WebhookEndpointEntity, { where: this.where(owner), order: { id: 'ASC' } });
  }

  find(owner: WebhookOwner, id: string): Promise<WebhookEndpointEntity | null> {
    return this.manager.findOneBy(WebhookEndpointEntity, { ...this.where(owner), id });
  }

  findByUrl(owner: WebhookOwner, url: string): Promise<WebhookEndpointEntity | null> {
    return this.manager.findOneBy(WebhookEndpointEntity, { ...this.where(owner), url });
  }

  /** Sets the state; null when the owner has no such endpoint. */
  async setActive(owner: WebhookOwner, id: string, isActive: boolean): Promise<WebhookEndpointEntity | null> {
    const endpoint = await this.find(owner, id);
    if (!endpoint) return null;
    if (endpoint.isActive === isActive) return endpoint;
    return this.manager.save(WebhookEndpointEntity, { ...endpoint, isActive });
  }

  /** Flips the state atomically; null when the owner has no such endpoint. */
  async toggle(owner: WebhookOwner, id: string): Promise<WebhookEndpointEntity | null> {
    const cond = ownerCondition(owner, 'e', 2);
    const rows = await sqlRows<{ id: string }>(
      this.manager,
      `UPDATE webhook_endpoints e SET is_active = NOT e.is_active, updated_at = now() WHERE e.id = $1 AND ${cond.sql} RETURNING e.id`,
      [id, cond.value],
    );
    return rows.length === 0 ? null : this.find(owner, id);
  }

  /** Deletes the endpoint and, by cascade, its deliveries and their attempts. */
  async remove(owner: WebhookOwner, id: string): Promise<boolean> {
    const result = await this.manager.delete(WebhookEndpointEntity, { ...this.where(owner), id });
    return (result.affected ?? 0) > 0;
  }

  /** Active endpoints an event goes to, owner by owner as the event names them. */
  async activeRecipients(query: RecipientQuery): Promise<string[]> {
    const [ids] = await this.activeRecipientsOfMany([query]);
    return ids;
  }

  /** activeRecipients of many events in one query (the dispatcher batches events in flight). */
  async activeRecipientsOfMany(queries: RecipientQuery[]): Promise<string[][]> {
    const rows = await sqlRows<{ idx: number; id: string }>(
      this.manager,
      `SELECT k.idx::int AS idx, r.id
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[]) WITH ORDINALITY AS k(platform_id, client_id, orchestrator_id, to_platform, idx)
        CROSS JOIN LATERAL (
          -- Only an active Client ID's endpoints receive: inactive, restricted and revoked ones get nothing.
          -- One branch per way an event names its tenant, each an index probe (a Client ID by its
          -- unique key, or a platform's Client IDs), never a scan of every Client ID per event.
          SELECT e.id FROM client_ids c JOIN webhook_endpoints e ON e.client_id_id = c.id
           WHERE k.to_platform AND k.client_id IS NOT NULL AND c.client_id = k.client_id
             AND (k.platform_id IS NULL OR c.platform_id = k.platform_id) AND c.status = 'active' AND e.is_active
          UNION
          SELECT e.id FROM client_ids c JOIN webhook_endpoints e ON e.client_id_id = c.id
           WHERE k.to_platform AND k.client_id IS NULL AND c.platform_id = k.platform_id AND c.status = 'active' AND e.is_active
          UNION
          SELECT e.id FROM webhook_endpoints e WHERE e.is_active AND e.orchestrator_id = k.orchestrator_id
        ) r
        ORDER BY k.idx, r.id`,
      [
        queries.map((q) => q.platform?.platformId ?? null),
        queries.map((q) => q.platform?.clientId ?? null),
        queries.map((q) => q.orchestratorId),
        queries.map((q) => q.platform !== null),
      ],
    );
    const out = queries.map((): string[] => []);
    for (const row of rows) out[row.idx - 1].push(row.id);
    return out;
  }

  /** How many endpoints are disabled, across every owner (a metric of the operator's). */
  async countDisabled(): Promise<number> {
    const row = await sqlOne<{ n: number }>(this.manager, 'SELECT count(*)::int AS n FROM webhook_endpoints WHERE NOT is_active');
    return row?.n ?? 0;
  }

  private where(owner: WebhookOwner): FindOptionsWhere<WebhookEndpointEntity> {
    return owner.kind === 'client-id' ? { clientIdId: owner.clientIdId } : { orchestratorId: owner.orchestratorId };
  }
}
