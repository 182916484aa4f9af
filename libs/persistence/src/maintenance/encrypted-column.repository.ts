import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';

/**
 * The stored values of one encrypted column (`v1:<kid>:...`), for re-encryption after a key
 * rotation. `table` and `column` are fixed by the caller, never user input.
 */
export class EncryptedColumnRepository {
  constructor(
    private readonly manager: EntityManager,
    private readonly table: string,
    private readonly column: string,
  ) {}

  /** Up to `limit` values not under `currentKeyId`, each row locked (`FOR UPDATE SKIP LOCKED`: runs beside the apps and itself). */
  staleValues(currentKeyId: string, limit: number): Promise<{ id: string; value: string }[]> {
    const { table, column } = this;
    return sqlRows<{ id: string; value: string }>(
      this.manager,
      `SELECT id::text AS id, ${column} AS value FROM ${table}
        WHERE ${column} IS NOT NULL AND split_part(${column}, ':', 2) <> $1
        ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [currentKeyId, limit],
    );
  }

  async rewrite(id: string, value: string): Promise<void> {
    await sqlExecute(this.manager, `UPDATE ${this.table} SET ${this.column} = $1 WHERE id = $2`, [value, id]);
  }
}
