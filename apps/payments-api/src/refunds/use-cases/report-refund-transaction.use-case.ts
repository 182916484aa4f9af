import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { ForwarderRefundsRepository, RefundsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { RefundView } from '../../payments/records/refund-view.js';
import { ownRequest, refundView } from './refund-views.js';

/**
 * POST /v2/request/{requestId}/refunds/{refundId}/transaction: the hash of the transaction the
 * payee's wallet sent for a payee_wallet refund (the dashboard reports it after sending). A mined
 * transfer is confirmed by detection as before; a reverted one emits no event, so chain-worker reads
 * this hash's receipt and makes the refund `failed` (`reverted`, refund.failed). Only while
 * awaiting_signature (409 otherwise); the status is not changed here. Idempotent: the same hash
 * reported after detection (or the receipt) already recorded it answers the refund as it stands,
 * since the wallet's report and the chain race.
 */
@Injectable()
export class ReportRefundTransaction {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
  ) {}

  async execute(command: { caller: Caller; requestId: string; refundId: string; txHash: string }): Promise<RefundView> {
    const request = await ownRequest(this.db, command.caller, command.requestId);
    const repo = new RefundsRepository(this.db.manager);
    const refund = await repo.byId(request.id, command.refundId);
    if (!refund) throw new PayrailError('NOT_FOUND', 'Refund not found');
    const txHash = command.txHash.toLowerCase();
    if (await new ForwarderRefundsRepository(this.db.manager).reported(refund.id, txHash)) return refundView(this.planner, request, refund);
    const current = (await repo.byId(request.id, command.refundId)) ?? refund;
    if (current.source === 'payee_wallet' && current.txHash?.toLowerCase() === txHash) return refundView(this.planner, request, current);
    throw new PayrailError(
      'CONFLICT',
      current.source === 'payee_wallet'
        ? `Refund is ${current.status}; a transaction is reported only while it awaits its signature`
        : 'A deposit_forwarder refund is sent by the platform’s relayer: post its signature instead',
    );
  }
}
