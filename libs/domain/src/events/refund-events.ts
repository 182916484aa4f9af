import { formatUnits } from 'ethers';
import type { DomainEvent } from '../events.js';
import { webhookEvent } from './routing.js';

/** What a refund event says about its refund (amount in base units of the payment currency). */
export interface RefundFacts {
  id: string;
  requestId: string;
  platformId: string;
  exceptionId: string | null;
  network: string;
  currency: string;
  decimals: number;
  amount: bigint;
  to: string;
  status: 'awaiting_signature' | 'submitted' | 'confirmed' | 'failed' | 'cancelled';
  /** Who pays it back: the payee's wallet, or the deposit forwarder (payee-signed, relayer-sent). */
  source?: 'payee_wallet' | 'deposit_forwarder';
  paymentReference: string;
  txHash: string | null;
  failureReason: string | null;
}

/** Who the refunded request belongs to, as its payment events say it. */
export interface RefundedRequestIdentity {
  paymentReference: string;
  clientId: string | null;
  orchestratorId: string | null;
}

/**
 * `refund.created` / `refund.confirmed` / `refund.failed` (extensions), on the refunded request's
 * aggregate: published in order with its payment events, and listed with its webhook deliveries.
 */
export function refundEvent(
  type: 'refund.created' | 'refund.confirmed' | 'refund.failed',
  refund: RefundFacts,
  request: RefundedRequestIdentity,
  at: Date,
): DomainEvent {
  return webhookEvent(
    type,
    { aggregateType: 'request', aggregateId: refund.requestId },
    {
      refundId: refund.id,
      requestId: refund.requestId,
      requestID: refund.requestId,
      paymentReference: request.paymentReference,
      exceptionId: refund.exceptionId,
      clientId: request.clientId,
      orchestratorId: request.orchestratorId,
      network: refund.network,
      currency: refund.currency,
      amount: formatUnits(refund.amount, refund.decimals),
      to: refund.to,
      status: refund.status,
      refundPaymentReference: refund.paymentReference,
      txHash: refund.txHash,
      failureReason: refund.failureReason,
      source: refund.source ?? 'payee_wallet',
      timestamp: at.toISOString(),
    },
    { platformId: refund.platformId },
  );
}

/**
 * The legacy `payment.refunded` (Request Network shows no payload: its identifying fields, then
 * the refund's): sent with `refund.confirmed`, on the request's aggregate.
 */
export function paymentRefundedEvent(refund: RefundFacts, request: RefundedRequestIdentity, totalRefunded: bigint, at: Date): DomainEvent {
  const units = (v: bigint) => formatUnits(v, refund.decimals);
  return webhookEvent(
    'payment.refunded',
    { aggregateType: 'request', aggregateId: refund.requestId },
    {
      requestId: refund.requestId,
      requestID: refund.requestId,
      paymentReference: request.paymentReference,
      timestamp: at.toISOString(),
      clientId: request.clientId,
      orchestratorId: request.orchestratorId,
      refundId: refund.id,
      exceptionId: refund.exceptionId,
      amount: units(refund.amount),
      totalAmountRefunded: units(totalRefunded),
      currency: refund.currency,
      network: refund.network,
      to: refund.to,
      txHash: refund.txHash,
    },
    { platformId: refund.platformId },
  );
}
