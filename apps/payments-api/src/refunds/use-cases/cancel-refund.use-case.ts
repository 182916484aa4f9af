import { Injectable } from '@nestjs/common';
import { PayrailError, refundEvent } from '@payrail/domain';
import { appendToOutbox, RefundsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { RefundView } from '../../payments/records/refund-view.js';
import { ownRequest, refundView } from './refund-views.js';

/**
 * POST /v2/request/{requestId}/refunds/{refundId}/cancel: gives up a refund still
 * `awaiting_signature` (409 once signed, sent or settled). It becomes `cancelled`
 * (failureReason `cancelled`), its amount is no longer reserved, its exception (if any) can be
 * refunded again, and `refund.failed` says so (status `cancelled`), in one transaction.
 * Calldata or a signature already handed out stays valid on chain (a payee_wallet refund's
 * transactions; a forwarder refund's signature until its deadline): if one is still sent,
 * detection confirms a payee_wallet refund anyway (the money did go back).
 */
@Injectable()
export class CancelRefund {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
  ) {}

  async execute(command: { caller: Caller; requestId: string; refundId: string }): Promise<RefundView> {
    const request = await ownRequest(this.db, command.caller, command.requestId);
    const refund = await new RefundsRepository(this.db.manager).byId(request.id, command.refundId);
    if (!refund) throw new PayrailError('NOT_FOUND', 'Refund not found');
    const next = { ...refund, status: 'cancelled' as const, failureReason: 'cancelled' };
    const cancelled = await this.db.transaction(async (m) => {
      const refunds = new RefundsRepository(m);
      if (!(await refunds.cancel(refund.id))) return false;
      await appendToOutbox(m, [refundEvent('refund.failed', next, await refunds.requestIdentity(refund.requestId), new Date())]);
      return true;
    });
    if (!cancelled) throw new PayrailError('CONFLICT', `Refund is ${refund.status}; only a refund awaiting its signature can be cancelled`);
    return refundView(this.planner, request, next);
  }
}
