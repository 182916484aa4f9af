import { formatAmount, hasBeenPaid, type RequestStatus } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';

/** GET /v2/request/{requestId}: a request's state, amounts as decimal strings of their currency. */
export interface RequestView {
  requestId: string;
  paymentReference: string;
  status: RequestStatus;
  hasBeenPaid: boolean;
  txHash: string | null;
  paidAt: string | null;
  network: string;
  payee: string;
  payer: string | null;
  invoiceCurrency: string;
  invoiceAmount: string;
  paymentCurrency: string;
  expectedAmount: string;
  amountPaid: string;
  feePercentage: string | null;
  feeAmount: string;
  /** Fees paid to feeAddress with the counted transfers so far (extension: shows a fee_short request's shortfall). */
  feePaid: string;
  feeAddress: string | null;
  customerInfo: object | null;
  reference: string | null;
  createdAt: string;
}

export function requestView(r: RequestEntity, customerInfo: object | null): RequestView {
  const amount = (units: bigint) => formatAmount(units, r.currencyDecimals);
  return {
    requestId: r.id,
    paymentReference: r.paymentReference,
    status: r.status,
    hasBeenPaid: hasBeenPaid(r.status),
    txHash: r.txHash,
    paidAt: r.paidAt?.toISOString() ?? null,
    network: r.network,
    payee: r.payee,
    payer: r.payer,
    invoiceCurrency: r.invoiceCurrency,
    invoiceAmount: formatAmount(r.invoiceAmount, r.invoiceDecimals),
    paymentCurrency: r.paymentCurrency,
    expectedAmount: amount(r.expectedAmount),
    amountPaid: amount(r.amountPaid),
    feePercentage: r.feePercentage,
    feeAmount: amount(r.feeAmount),
    feePaid: amount(r.feePaid),
    feeAddress: r.feeAddress,
    customerInfo,
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
  };
}
