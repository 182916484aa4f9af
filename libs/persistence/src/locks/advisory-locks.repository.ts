import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';

/** A session advisory lock's key: a namespace and a key within it (two int4). */
export type AdvisoryLockKey = readonly [number, number];

/**
 * Postgres session advisory locks, taken on the session of `manager`: a QueryRunner's manager, so
 * the lock lives as long as that connection does and dies with it. The chain-worker's leaders
 * (one replica follows each network), the webhook-worker's named jobs (one replica at a time) and
 * the CSV export's per-platform slots hold them.
 */
export class AdvisoryLocksRepository {
  constructor(private readonly manager: EntityManager) {}

  /** Takes the lock if no other session holds it; true when this session holds it now. */
  async tryLock([namespace, key]: AdvisoryLockKey): Promise<boolean> {
    const row = await sqlOne<{ locked: boolean }>(this.manager, 'SELECT pg_try_advisory_lock($1::int, $2::int) AS locked', [
      namespace,
      key,
    ]);
    return row?.locked === true;
  }

  /** Gives the lock up (before the connection goes back to the pool, where the session lives on). */
  async unlock([namespace, key]: AdvisoryLockKey): Promise<void> {
    await sqlExecute(this.manager, 'SELECT pg_advisory_unlock($1::int, $2::int)', [namespace, key]);
  }

  /** A round trip on the session: fails when the connection, and with it every lock it held, is gone. */
  async touch(): Promise<void> {
    await sqlExecute(this.manager, 'SELECT 1');
  }

  /** Export slot `slot` of a platform (one of EXPORT_MAX_PER_PLATFORM), if free. */
  async tryExportSlot(platformId: string, slot: number): Promise<boolean> {
    const row = await sqlOne<{ taken: boolean }>(
      this.manager,
      `SELECT pg_try_advisory_lock(hashtext('payrail:export:' || $1), $2) AS taken`,
      [platformId, slot],
    );
    return row?.taken === true;
  }

  async releaseExportSlot(platformId: string, slot: number): Promise<void> {
    await sqlOne(this.manager, `SELECT pg_advisory_unlock(hashtext('payrail:export:' || $1), $2) AS unlocked`, [platformId, slot]);
  }
}
