import { PayrailError, type PaymentExceptionRecord } from '@payrail/domain';
import { PaymentExceptionsRepository, RefundsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import type { EntityManager } from 'typeorm';

/** The platform behind an API key or a session of its account (PlatformAuth admits nothing else). */
export function platformOf(caller: Caller): string {
  if (caller.kind !== 'api-key' && caller.kind !== 'session') throw new Error('PlatformAuth admits only an API key or a session');
  return caller.platformId;
}

/** Runs `work` in the caller's transaction (IdempotencyService's, with a key) or in a new one (without). */
export function inTransaction<T>(manager: EntityManager, work: (m: EntityManager) => Promise<T>): Promise<T> {
  return manager.queryRunner?.isTransactionActive ? work(manager) : manager.transaction(work);
}

/** The platform's exception (another platform's is 404, as if none), locked when `m` is a transaction's. */
export async function ownedException(m: EntityManager, platformId: string, id: string, lock: boolean): Promise<PaymentExceptionRecord> {
  const repo = new PaymentExceptionsRepository(m);
  const found = lock ? await repo.lockOwned(platformId, id) : await repo.owned(platformId, id);
  if (!found) throw new PayrailError('NOT_FOUND', 'Exception not found');
  return found;
}

/**
 * 409 while a refund linked to the exception is under way (not failed): the exception is decided
 * by that refund's confirmation. Read after the exception's lock, so a refund being stored is seen.
 */
export async function refuseWhileRefunding(m: EntityManager, e: PaymentExceptionRecord): Promise<void> {
  const refund = await new RefundsRepository(m).liveForException(e.requestId, e.id);
  if (refund !== null)
    throw new PayrailError('CONFLICT', `Exception has refund ${refund} under way; it is resolved when that refund is confirmed`);
}
