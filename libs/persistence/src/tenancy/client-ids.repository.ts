import type { EntityManager } from 'typeorm';
import { sqlOne } from '../sql/typed-query.js';

/**
 * What events name of a Client ID known by its internal id (a row's client_id_id): its public
 * `cli_...` value, which payloads carry (identity rules), and its platform. Management reads, which
 * take the owner, are in TenancyRepository.
 */
export class ClientIdsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The public Client ID, or null when the record was made without one (an API key) or it is gone. */
  async publicClientId(clientIdId: string | null): Promise<string | null> {
    if (!clientIdId) return null;
    const row = await sqlOne<{ client_id: string }>(this.manager, 'SELECT client_id FROM client_ids WHERE id = $1', [clientIdId]);
    return row?.client_id ?? null;
  }

  /** The public Client ID and its platform, or undefined. */
  async publicIdentity(clientIdId: string | null): Promise<{ clientId: string; platformId: string } | undefined> {
    if (!clientIdId) return undefined;
    return sqlOne<{ clientId: string; platformId: string }>(
      this.manager,
      'SELECT client_id AS "clientId", platform_id AS "platformId" FROM client_ids WHERE id = $1',
      [clientIdId],
    );
  }
}
