import type { EntityManager } from 'typeorm';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { sqlRows } from '../sql/typed-query.js';

export interface StoredResponse {
  route: string;
  requestHash: string;
  status: number;
  body: unknown;
}

/**
 * Idempotency keys: the first answer per (scope, key), until it expires. The scope (column
 * `owner`) names the credential that sent the key, e.g. `api-key:<id>` or `client-id:<id>`.
 */
export class IdempotencyRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The live (unexpired) answer stored under the key, if any. */
  async find(scope: string, key: string): Promise<StoredResponse | undefined> {
    const row = await this.manager
      .createQueryBuilder(IdempotencyKeyEntity, 'k')
      .where('k.owner = :owner AND k.key = :key AND k.expires_at > now()', { owner: scope, key })
      .getOne();
    return row ? { route: row.route, requestHash: row.requestHash, status: row.responseStatus, body: row.responseBody } : undefined;
  }

  /**
   * Stores the answer under the key unless a live one is there already (an expired one is
   * replaced). Returns false when another request holds the key. Run it in the transaction that
   * writes what the answer describes: a concurrent insert of the same key waits for that
   * transaction and then sees it, so only one answer is ever kept.
   */
  async claim(scope: string, key: string, response: StoredResponse, ttlSeconds: number): Promise<boolean> {
    const rows = await sqlRows<{ owner: string }>(
      this.manager,
      `INSERT INTO idempotency_keys (owner, key, route, request_hash, response_status, response_body, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, now() + make_interval(secs => $7))
       ON CONFLICT (owner, key) DO UPDATE SET
         route = EXCLUDED.route, request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status,
         response_body = EXCLUDED.response_body, created_at = now(), expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at <= now()
       RETURNING owner`,
      [scope, key, response.route, response.requestHash, response.status, JSON.stringify(response.body), ttlSeconds],
    );
    return rows.length === 1;
  }
}
