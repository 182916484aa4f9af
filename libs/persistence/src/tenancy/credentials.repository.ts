import type { EntityManager } from 'typeorm';
import { sqlRows } from '../sql/typed-query.js';
import { ApiKeyEntity, ClientIdEntity, OrchestratorKeyEntity, OrchestratorLinkEntity } from './tenancy.entities.js';

/**
 * Lookups by credential, used to authenticate requests: the credential is what identifies
 * the owner here. Everything else that reads tenant data takes the owner (see the
 * management repository).
 */
export class CredentialsRepository {
  constructor(private readonly manager: EntityManager) {}

  apiKeyByPrefix(prefix: string): Promise<ApiKeyEntity | null> {
    return this.manager.findOneBy(ApiKeyEntity, { prefix });
  }

  orchestratorKeyByPrefix(prefix: string): Promise<OrchestratorKeyEntity | null> {
    return this.manager.findOneBy(OrchestratorKeyEntity, { prefix });
  }

  clientIdByPublicId(clientId: string): Promise<ClientIdEntity | null> {
    return this.manager.findOneBy(ClientIdEntity, { clientId });
  }

  /** Whether any usable browser Client ID allows this origin (CORS preflights carry no x-client-id). */
  async anyClientIdAllowsOrigin(origin: string): Promise<boolean> {
    const rows = await sqlRows(
      this.manager,
      `SELECT 1 FROM client_ids WHERE allowed_origins @> ARRAY[$1]::text[] AND status = 'active' LIMIT 1`,
      [origin],
    );
    return rows.length > 0;
  }

  /**
   * The platform's origins: every origin its Client IDs allow (revoked ones aside), the only
   * origins a browser may call its backend Client IDs from.
   */
  async platformOrigins(platformId: string): Promise<string[]> {
    const rows = await sqlRows<{ origin: string }>(
      this.manager,
      `SELECT DISTINCT unnest(allowed_origins) AS origin FROM client_ids WHERE platform_id = $1 AND status <> 'revoked'`,
      [platformId],
    );
    return rows.map((r) => r.origin);
  }

  /** The platform's oldest active Client ID: the one a link created with an API key carries to the hosted page. */
  oldestActiveClientIdOf(platformId: string): Promise<ClientIdEntity | null> {
    return this.manager.findOne(ClientIdEntity, { where: { platformId, status: 'active' }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Orchestrators linked to a Client ID (by internal id). */
  async orchestratorsLinkedTo(clientIdId: string): Promise<string[]> {
    const links = await this.manager.findBy(OrchestratorLinkEntity, { clientIdId });
    return links.map((l) => l.orchestratorId);
  }
}
