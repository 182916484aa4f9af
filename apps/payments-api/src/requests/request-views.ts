import { formatAmount, hasBeenPaid, type RequestStatus } from '@payrail/domain';
import type { PaymentSearchRow, RequestDeliveryRow, RequestListRow, RequestTransferRow } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import type { CustomerInfoDto } from '../payments/dto/customer-info.dto.js';
import type { RequestDeliverySummaryDto, RequestListItemDto, RequestPaymentDto, RequestTransferDto } from './dto/request-list.dto.js';

/** The request as its list shows it; `cipher` decrypts its customerInfo (the platform reads its own customers), without it null. */
export function requestListItemView(r: RequestListRow, cipher?: FieldCipher): RequestListItemDto {
  const customerInfo =
    cipher && r.customer_info_encrypted ? (JSON.parse(cipher.decrypt(r.customer_info_encrypted, r.id)) as CustomerInfoDto) : null;
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
    kind: r.kind,
    customerInfo,
  };
}

/** A settled payment of the request (payments search row). */
export function requestPaymentView(p: PaymentSearchRow): RequestPaymentDto {
  return {
    amount: formatAmount(BigInt(p.amount), p.currency_decimals),
    txHash: p.tx_hash,
    timestamp: p.block_timestamp.toISOString(),
    payer: p.from_address,
    fee: formatAmount(BigInt(p.fee_amount), p.currency_decimals),
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
