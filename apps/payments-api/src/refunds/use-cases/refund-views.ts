import { RefundsRepository, type RefundRecord, RequestsRepository, type RequestEntity } from '@payrail/persistence';
import { EVM_NETWORKS, type EvmNetwork } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import type { Caller } from '@payrail/platform';
import type { DataSource } from 'typeorm';
import { ownerOf } from '../../payments/owner.js';
import type { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { refundPlan, refundSummary, type RefundView } from '../../payments/records/refund-view.js';
import { buildPayout } from '../../payments/transactions/single-payout.js';
import { refundTypedData } from './forwarder-refund.js';

/** The caller's request (404 otherwise: another platform's, or another Client ID's). */
export async function ownRequest(db: DataSource, caller: Caller, requestId: string): Promise<RequestEntity> {
  const request = await new RequestsRepository(db.manager).byId(ownerOf(caller), requestId);
  if (!request) throw new PayrailError('NOT_FOUND', 'Request not found');
  return request;
}

/**
 * A stored refund with its transactions while they are still to be signed, built again from the
 * stored terms (the same calldata as the creation's answer; balances and gas not read: UNCHECKED).
 */
export function refundView(planner: PaymentPlanner, request: RequestEntity, refund: RefundRecord): RefundView {
  if (refund.status !== 'awaiting_signature') return { ...refundSummary(refund), transactions: [], metadata: null, typedData: null };
  if (refund.source === 'deposit_forwarder') {
    const typedData = refundTypedData(refund, EVM_NETWORKS[refund.network as EvmNetwork].chainId);
    return { ...refundSummary(refund), transactions: [], metadata: null, typedData };
  }
  const built = buildPayout(refundPlan(planner.fromRecord(request), refund), refund.paymentReference, undefined);
  return { ...refundSummary(refund), transactions: built.transactions, metadata: built.metadata, typedData: null };
}

export const refundsOf = (db: DataSource, requestId: string): Promise<RefundRecord[]> =>
  new RefundsRepository(db.manager).ofRequest(requestId);
