import { exceptionEvent, type DomainEvent } from '@payrail/domain';
import { PaymentExceptionsRepository, type RefundRecord } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/** The linked exception's move with its refund's (settlement's and the forwarder refunder's) (locked; only from `open` to `refunded` and back). */
export async function followException(
  m: EntityManager,
  refund: RefundRecord,
  to: 'confirmed' | 'failed',
  at: Date,
): Promise<DomainEvent[]> {
  if (refund.exceptionId === null) return [];
  const repo = new PaymentExceptionsRepository(m);
  const e = await repo.lockById(refund.exceptionId);
  if (!e || e.requestId !== refund.requestId) return [];
  if (to === 'confirmed' && e.status === 'open') {
    Object.assign(e, { status: 'refunded', resolution: 'refunded', resolvedAt: at });
    await repo.update(e);
    return [exceptionEvent('payment.exception.resolved', e, await repo.identityOf(e.requestId), at)];
  }
  if (to === 'failed' && e.status === 'refunded') {
    Object.assign(e, { status: 'open', resolution: null, resolvedAt: null });
    await repo.update(e);
    return [exceptionEvent('payment.exception', e, await repo.identityOf(e.requestId), at)];
  }
  return [];
}
