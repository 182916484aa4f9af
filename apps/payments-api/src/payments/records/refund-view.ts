import type { RefundRecord } from '@payrail/persistence';
import { formatUnits } from 'ethers';
import type { PlannedPayment } from '../planning/planned-payment.js';
import type { BuiltPayout } from '../transactions/single-payout.js';

/** A refund as the API shows it, without its transactions (GET /v2/request/{id} lists these in `refunds[]`). */
export interface RefundSummary {
  id: string;
  requestId: string;
  exceptionId: string | null;
  amount: string;
  currency: string;
  network: string;
  from: string;
  to: string;
  status: RefundRecord['status'];
  paymentReference: string;
  txHash: string | null;
  failureReason: string | null;
  createdAt: string;
  confirmedAt: string | null;
  /** Who pays it back: `payee_wallet` (the payee sends `transactions`) or `deposit_forwarder` (the payee signs `typedData`, the platform's relayer sends it). */
  source: RefundRecord['source'];
}

/** A refund with the transactions its payee signs (the refund routes). */
export type RefundView = RefundSummary &
  Pick<BuiltPayout, 'transactions'> & {
    metadata: BuiltPayout['metadata'] | null;
    /** A deposit_forwarder refund awaiting its signature: the EIP-712 typed data the payee signs (eth_signTypedData_v4); else null. */
    typedData: Record<string, unknown> | null;
  };

export function refundSummary(refund: RefundRecord): RefundSummary {
  return {
    id: refund.id,
    requestId: refund.requestId,
    exceptionId: refund.exceptionId,
    amount: formatUnits(refund.amount, refund.decimals),
    currency: refund.currency,
    network: refund.network,
    from: refund.from,
    to: refund.to,
    status: refund.status,
    paymentReference: refund.paymentReference,
    txHash: refund.txHash,
    failureReason: refund.failureReason,
    createdAt: refund.createdAt.toISOString(),
    confirmedAt: refund.confirmedAt?.toISOString() ?? null,
    source: refund.source,
  };
}

/**
 * The payment a refund makes: the request's own plan turned around. The payee pays `to` the
 * amount in the same currency through the same fee proxy (Request Network's published one), with
 * no fee; the reference is the refund's.
 */
export function refundPlan(request: PlannedPayment, refund: { to: string; amount: bigint }): PlannedPayment {
  return {
    ...request,
    payee: refund.to,
    amount: refund.amount,
    fee: { percentage: null, amount: 0n, address: null },
    secondFee: null,
  };
}
