import { Logger } from '@nestjs/common';
import { countsToward, paymentRefundedEvent, refundEvent, type DomainEvent } from '@payrail/domain';
import { RefundsRepository, type RefundRecord } from '@payrail/persistence';
import { followException } from '../shared/refund-exception.js';
import type { EntityManager } from 'typeorm';
import { observed, type TransferRow } from './settlement-rows.js';

const logger = new Logger('RefundSettlement');

/** A refund's terms as a payment's: through its proxy, to its address, in its token, no fee. */
const termsOf = (refund: RefundRecord) => ({
  proxy: refund.proxy,
  payee: refund.to,
  token: refund.token,
  expected: refund.amount,
  feeAmount: 0n,
  feeAddress: null,
});

/**
 * Settles the refunds among a settlement batch's payment references (issue #35), in the batch's
 * transaction, their rows locked: a refund whose counted transfers (its proxy, to its address, in
 * its token, under its reference; confirmed) reach its amount is `confirmed` (refund.confirmed,
 * then the legacy payment.refunded on the request); a confirmed refund whose transfers a reorg took
 * away is `failed` with reason `reorg` (refund.failed). A transfer that comes back confirms it
 * again. The payment exception a refund is linked to follows it in the same transaction: `open`
 * turns `refunded` when the refund is confirmed (payment.exception.resolved), and a `refunded` one
 * is open again when that refund fails (payment.exception). Recomputed from the transfers, so a
 * second pass writes nothing. Returns the events.
 */
export async function settleRefunds(
  m: EntityManager,
  network: string,
  topics: string[],
  transfers: Map<string, TransferRow[]>,
): Promise<DomainEvent[]> {
  const refunds = new RefundsRepository(m);
  const events: DomainEvent[] = [];
  for (const refund of await refunds.lockByTopics(network, topics)) {
    const counted = (transfers.get(refund.referenceTopic) ?? []).filter((t) => countsToward(termsOf(refund), observed(t)));
    const paid = counted.reduce((sum, t) => sum + BigInt(t.amount), 0n);
    const at = new Date();
    if (paid >= refund.amount && refund.status !== 'confirmed') {
      const next = { ...refund, status: 'confirmed' as const, txHash: counted.at(-1)!.tx_hash, failureReason: null };
      await refunds.settle(refund.id, next);
      const identity = await refunds.requestIdentity(refund.requestId);
      const total = await refunds.confirmedTotal(refund.requestId);
      events.push(refundEvent('refund.confirmed', next, identity, at), paymentRefundedEvent(next, identity, total, at));
      events.push(...(await followException(m, refund, 'confirmed', at)));
    } else if (paid < refund.amount && refund.status === 'confirmed') {
      logger.warn(`refund ${refund.id} of request ${refund.requestId}: a reorg removed its confirmed transfer`);
      const next = { ...refund, status: 'failed' as const, failureReason: 'reorg' };
      await refunds.settle(refund.id, next);
      events.push(refundEvent('refund.failed', next, await refunds.requestIdentity(refund.requestId), at));
      events.push(...(await followException(m, refund, 'failed', at)));
    }
  }
  return events;
}
