import { explorerTxUrl, type NetworkInfo } from '@payrail/chains';
import { webhookEvent, type DomainEvent } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { formatUnits } from 'ethers';

/** The newest settled transfer of a request, as the event reports it. */
export interface SettledTransfer {
  txHash: string;
  from: string | null;
  timestamp: Date;
  amount: bigint;
  feeAmount: bigint;
}

export const PAYMENT_PROCESSOR = 'payrail';

/** `payment.confirmed` (paid or overpaid, with the excess noted) or `payment.partial` for a request's new settlement. */
export function paymentEvent(
  request: RequestEntity,
  clientId: string | null,
  network: NetworkInfo | undefined,
  settled: { amount: bigint; fees: bigint; last: SettledTransfer },
  recurringPaymentId: string | null = null,
): DomainEvent {
  const units = (v: bigint) => formatUnits(v, request.currencyDecimals);
  const confirmed = request.status === 'paid' || request.status === 'overpaid';
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
    subStatus: request.status === 'overpaid' ? 'overpaid' : '',
    paymentProcessor: PAYMENT_PROCESSOR,
    fees: settled.fees > 0n ? [{ type: 'platform', amount: units(settled.fees), currency: request.paymentCurrency }] : [],
  };
  const aggregate = { aggregateType: 'request', aggregateId: request.id };
  const routing = { platformId: request.platformId };
  if (!confirmed) return webhookEvent('payment.partial', aggregate, base, routing);
  const excess = request.amountPaid - request.expectedAmount;
  // A recurring execution is sent by the relayer; the payer is the subscriber whose tokens moved.
  const recurring = recurringPaymentId
    ? { recurringPayment: { id: recurringPaymentId }, payerAddress: request.payer, payerEoaAddress: request.payer }
    : {};
  const payload = { ...base, clientId, ...(excess > 0n ? { excessAmount: units(excess) } : {}), ...recurring };
  return webhookEvent('payment.confirmed', aggregate, payload, routing);
}
