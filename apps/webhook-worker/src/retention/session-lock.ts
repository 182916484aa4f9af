import { createHash } from 'node:crypto';
import { AdvisoryLocksRepository, type AdvisoryLockKey } from '@payrail/persistence';
import type { DataSource, EntityManager } from 'typeorm';

/** Advisory-lock key of a named job: the "PRRT" namespace and the first 4 bytes of sha256(name). */
export function jobLockKey(name: string): AdvisoryLockKey {
  return [0x50525254, createHash('sha256').update(name).digest().readInt32BE(0)];
}

/**
 * Runs `work` on one connection while holding the Postgres session advisory lock of `name`, so
 * one replica at a time runs the job; answers undefined (and runs nothing) when another holds it.
 * `work` runs outside any transaction: each of its statements commits on its own.
 */
export async function underSessionLock<T>(db: DataSource, name: string, work: (m: EntityManager) => Promise<T>): Promise<T | undefined> {
  const key = jobLockKey(name);
  const runner = db.createQueryRunner();
  const locks = new AdvisoryLocksRepository(runner.manager);
  try {
    if (!(await locks.tryLock(key))) return undefined;
    try {
      return await work(runner.manager);
    } finally {
      await locks.unlock(key);
    }
  } finally {
    await runner.release();
  }
}
