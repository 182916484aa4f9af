import { formatAmount, hasBeenPaid, type RequestStatus } from '@payrail/domain';
import type { RequestDeliveryRow, RequestListRow, RequestTransferRow } from '@payrail/persistence';
import type { RequestDeliverySummaryDto, RequestListItemDto, RequestTransferDto } from './dto/request-list.dto.js';

export function requestListItemView(r: RequestListRow): RequestListItemDto {
  const amount = (units: string) => formatAmount(BigInt(units), r.currency_decimals);
  return {
    requestId: r.id,
    paymentReference: r.payment_reference,
    reference: r.reference,
    status: r.status,
    hasBeenPaid: hasBeenPaid(r.status as RequestStatus),
    network: r.network,
    clientId: r.client_id,
    payee: r.payee,
    payer: r.payer,
    payerAddress: r.payer_address,
    invoiceCurrency: r.invoice_currency,
    invoiceAmount: formatAmount(BigInt(r.invoice_amount), r.invoice_decimals),
    paymentCurrency: r.payment_currency,
    expectedAmount: amount(r.expected_amount),
    amountPaid: amount(r.amount_paid),
    feePercentage: r.fee_percentage,
    feeAmount: amount(r.fee_amount),
    feePaid: amount(r.fee_paid),
    feeAddress: r.fee_address,
    txHash: r.tx_hash,
    paidAt: r.paid_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

export function transferView(t: RequestTransferRow, decimals: number): RequestTransferDto {
  return {
    txHash: t.tx_hash,
    logIndex: t.log_index,
    blockNumber: t.block_number,
    blockTimestamp: t.block_timestamp.toISOString(),
    from: t.from_address,
    to: t.to_address,
    amount: formatAmount(BigInt(t.amount), decimals),
    feeAmount: formatAmount(BigInt(t.fee_amount), decimals),
    feeAddress: t.fee_address,
    settled: t.settled_at !== null,
  };
}

export function deliverySummaryView(d: RequestDeliveryRow): RequestDeliverySummaryDto {
  return {
    id: d.id,
    webhookId: d.endpoint_id,
    url: d.url,
    eventType: d.event_type,
    status: d.status,
    attemptCount: d.attempt_count,
    lastStatusCode: d.last_status_code,
    createdAt: d.created_at.toISOString(),
    completedAt: d.completed_at?.toISOString() ?? null,
  };
}
