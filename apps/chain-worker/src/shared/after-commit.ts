import type { DataSource, EntityManager } from 'typeorm';

/** Queues an effect (a metric increment) to run once the transaction has committed. */
export type AfterCommit = (effect: () => void) => void;

/**
 * Runs `work` in one transaction, then the effects it queued, only once it has committed. An
 * attempt that rolls back (a serialization failure or deadlock at commit, retried by the next
 * pass) counts nothing, and an attempt run again starts with an empty queue, so a counter moves
 * once per committed change, never once per try.
 */
export async function inTransactionThen<T>(db: DataSource, work: (m: EntityManager, afterCommit: AfterCommit) => Promise<T>): Promise<T> {
  let effects: (() => void)[] = [];
  const result = await db.transaction((m) => {
    effects = [];
    return work(m, (effect) => effects.push(effect));
  });
  for (const effect of effects) effect();
  return result;
}
