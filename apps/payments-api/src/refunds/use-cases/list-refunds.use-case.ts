import { Injectable } from '@nestjs/common';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { RefundView } from '../../payments/records/refund-view.js';
import { ownRequest, refundsOf, refundView } from './refund-views.js';

/** GET /v2/request/{requestId}/refunds: the request's refunds, oldest first (a request has few: no paging). */
@Injectable()
export class ListRefunds {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
  ) {}

  async execute(command: { caller: Caller; requestId: string }): Promise<{ refunds: RefundView[] }> {
    const request = await ownRequest(this.db, command.caller, command.requestId);
    const refunds = await refundsOf(this.db, request.id);
    return { refunds: refunds.map((r) => refundView(this.planner, request, r)) };
  }
}
