import { explorerTxUrl, type NetworkInfo } from '@payrail/chains';
import { webhookEvent, type DomainEvent } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { formatUnits } from 'ethers';
import { PAYMENT_PROCESSOR } from '../shared/payment-processor.js';

/** The newest settled transfer of a request, as the event reports it. */
export interface SettledTransfer {
  txHash: string;
  from: string | null;
  timestamp: Date;
  amount: bigint;
  feeAmount: bigint;
}

/** Who an event of the request is for, beyond the request row. */
export interface EventIdentity {
  clientId: string | null;
  recurringPaymentId: string | null;
}

/** The series' first request, on the events of a recurring invoice's period (and of a request created naming an original). */
const originalOf = (request: RequestEntity) =>
  request.originalRequestId
    ? {
        originalRequestId: request.originalRequestId,
        originalRequestPaymentReference: request.originalRequestPaymentReference ?? undefined,
      }
    : {};

const aggregateOf = (request: RequestEntity) => ({ aggregateType: 'request', aggregateId: request.id });
const routingOf = (request: RequestEntity) => ({ platformId: request.platformId });

/**
 * The event of a request's new settlement after new transfers: `payment.confirmed` (paid or
 * overpaid, with the excess noted), `payment.partial`, or `payment.failed` with
 * `subStatus: "fee_short"` when the amount arrived with its fee short. Pending: none. `payerCheck`
 * (a refused or unscreened payer of a secure payment) is the subStatus of payment.confirmed.
 */
export function paymentEvent(
  request: RequestEntity,
  who: EventIdentity,
  network: NetworkInfo | undefined,
  settled: { amount: bigint; fees: bigint; last: SettledTransfer },
  payerCheck?: string,
): DomainEvent | undefined {
  const units = (v: bigint) => formatUnits(v, request.currencyDecimals);
  if (request.status === 'pending') return undefined;
  if (request.status === 'fee_short') return feeShortEvent(request, who, settled.last.txHash);
  const base = {
    requestId: request.id,
    requestID: request.id,
    paymentReference: request.paymentReference,
    orchestratorId: request.orchestratorId,
    explorer: network ? (explorerTxUrl(network, settled.last.txHash) ?? null) : null,
    amount: units(settled.amount),
    totalAmountPaid: units(request.amountPaid),
    expectedAmount: units(request.expectedAmount),
    timestamp: settled.last.timestamp.toISOString(),
    txHash: settled.last.txHash,
    payerAddress: settled.last.from,
    payerEoaAddress: settled.last.from,
    network: request.network,
    currency: request.invoiceCurrency,
    paymentCurrency: request.paymentCurrency,
    isCryptoToFiat: false,
    subStatus: payerCheck ?? (request.status === 'overpaid' ? 'overpaid' : request.amountPaid < request.expectedAmount ? 'underpaid' : ''),
    paymentProcessor: PAYMENT_PROCESSOR,
    fees: settled.fees > 0n ? [{ type: 'platform', amount: units(settled.fees), currency: request.paymentCurrency }] : [],
    ...originalOf(request),
  };
  if (request.status === 'partial') return webhookEvent('payment.partial', aggregateOf(request), base, routingOf(request));
  const excess = request.amountPaid - request.expectedAmount;
  // A recurring execution is sent by the relayer; the payer is the subscriber whose tokens moved.
  const recurring = who.recurringPaymentId
    ? { recurringPayment: { id: who.recurringPaymentId }, payerAddress: request.payer, payerEoaAddress: request.payer }
    : {};
  const payload = { ...base, clientId: who.clientId, ...(excess > 0n ? { excessAmount: units(excess) } : {}), ...recurring };
  return webhookEvent('payment.confirmed', aggregateOf(request), payload, routingOf(request));
}

/** `payment.failed` for a request whose amount arrived without its full fee (extension fields: txHash, fees expected and paid). */
function feeShortEvent(request: RequestEntity, who: EventIdentity, txHash: string): DomainEvent {
  const units = (v: bigint) => formatUnits(v, request.currencyDecimals);
  return webhookEvent(
    'payment.failed',
    aggregateOf(request),
    {
      requestId: request.id,
      requestID: request.id,
      paymentReference: request.paymentReference,
      clientId: who.clientId,
      subStatus: 'fee_short',
      paymentProcessor: PAYMENT_PROCESSOR,
      ...(who.recurringPaymentId ? { recurringPayment: { id: who.recurringPaymentId } } : {}),
      ...originalOf(request),
      txHash,
      expectedFeeAmount: units(request.feeAmount),
      paidFeeAmount: units(request.feePaid),
    },
    routingOf(request),
  );
}

/** `payment.reversed` (extension): a reorg removed settled payments and the request's paid amount or fee went down. */
export function reversalEvent(
  request: RequestEntity,
  who: EventIdentity,
  reversal: { amountReversed: bigint; txHashes: string[]; at: Date },
): DomainEvent {
  const units = (v: bigint) => formatUnits(v, request.currencyDecimals);
  return webhookEvent(
    'payment.reversed',
    aggregateOf(request),
    {
      requestId: request.id,
      requestID: request.id,
      paymentReference: request.paymentReference,
      clientId: who.clientId,
      orchestratorId: request.orchestratorId,
      network: request.network,
      currency: request.invoiceCurrency,
      paymentCurrency: request.paymentCurrency,
      txHashes: reversal.txHashes,
      amountReversed: units(reversal.amountReversed),
      totalAmountPaid: units(request.amountPaid),
      expectedAmount: units(request.expectedAmount),
      status: request.status,
      timestamp: reversal.at.toISOString(),
    },
    routingOf(request),
  );
}
