import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { RefundsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { RefundView } from '../../payments/records/refund-view.js';
import { ownRequest, refundView } from './refund-views.js';

/** GET /v2/request/{requestId}/refunds/{refundId}: one refund of the caller's request, with its status. */
@Injectable()
export class GetRefund {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
  ) {}

  async execute(command: { caller: Caller; requestId: string; refundId: string }): Promise<RefundView> {
    const request = await ownRequest(this.db, command.caller, command.requestId);
    const refund = await new RefundsRepository(this.db.manager).byId(request.id, command.refundId);
    if (!refund) throw new PayrailError('NOT_FOUND', 'Refund not found');
    return refundView(this.planner, request, refund);
  }
}
