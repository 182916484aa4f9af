import { formatAmount } from '../payments/amount.js';
import type { DomainEvent } from '../events.js';
import { webhookEvent } from '../events/routing.js';
import type { ExceptionKind, ExceptionResolution, ExceptionStatus } from './exception-rules.js';

/** A stored payment exception (amounts in base units). */
export interface PaymentExceptionRecord {
  id: string;
  platformId: string;
  requestId: string;
  network: string;
  kind: ExceptionKind;
  status: ExceptionStatus;
  resolution: ExceptionResolution | null;
  /** The token that arrived, for wrong_token (its contract); null otherwise. */
  token: string | null;
  paymentCurrency: string;
  currencyDecimals: number;
  expectedAmount: bigint;
  receivedAmount: bigint;
  /** Decimals of the received amount when another token arrived (wrong_token); null: the payment currency's. */
  receivedDecimals: number | null;
  invoiceCurrency: string;
  invoiceDecimals: number;
  expectedInvoiceAmount: bigint | null;
  receivedInvoiceAmount: bigint | null;
  rate: string | null;
  rateSource: string | null;
  txHash: string | null;
  logIndex: number | null;
  payerAddress: string | null;
  remainderRequestId: string | null;
  remainderToken: string | null;
  detectedAt: Date;
  resolvedAt: Date | null;
}

/** An exception as the API shows it (amounts as decimal strings of their currency). */
export interface PaymentExceptionView {
  id: string;
  requestId: string;
  kind: ExceptionKind;
  status: ExceptionStatus;
  resolution: ExceptionResolution | null;
  network: string;
  paymentCurrency: string;
  token: string | null;
  expectedAmount: string;
  receivedAmount: string;
  invoiceCurrency: string;
  expectedInvoiceAmount: string | null;
  receivedInvoiceAmount: string | null;
  rate: string | null;
  rateSource: string | null;
  txHash: string | null;
  logIndex: number | null;
  payerAddress: string | null;
  remainderRequestId: string | null;
  remainderToken: string | null;
  detectedAt: string;
  resolvedAt: string | null;
}

export function exceptionView(r: PaymentExceptionRecord): PaymentExceptionView {
  const token = (units: bigint) => formatAmount(units, r.currencyDecimals);
  const invoice = (units: bigint | null) => (units === null ? null : formatAmount(units, r.invoiceDecimals));
  return {
    id: r.id,
    requestId: r.requestId,
    kind: r.kind,
    status: r.status,
    resolution: r.resolution,
    network: r.network,
    paymentCurrency: r.paymentCurrency,
    token: r.token,
    expectedAmount: token(r.expectedAmount),
    receivedAmount: formatAmount(r.receivedAmount, r.receivedDecimals ?? r.currencyDecimals),
    invoiceCurrency: r.invoiceCurrency,
    expectedInvoiceAmount: invoice(r.expectedInvoiceAmount),
    receivedInvoiceAmount: invoice(r.receivedInvoiceAmount),
    rate: r.rate,
    rateSource: r.rateSource,
    txHash: r.txHash,
    logIndex: r.logIndex,
    payerAddress: r.payerAddress,
    remainderRequestId: r.remainderRequestId,
    remainderToken: r.remainderToken,
    detectedAt: r.detectedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

/** Who the exception's events are for, beyond its record. */
export interface ExceptionEventIdentity {
  paymentReference: string;
  clientId: string | null;
  orchestratorId: string | null;
}

/**
 * `payment.exception` (raised; an exception raised already resolved, within tolerance or the late
 * window, is announced by this one event) or `payment.exception.resolved` (accepted, remainder
 * paid, paid in full, reversed): the exception's view with the request's identity fields.
 */
export function exceptionEvent(
  type: 'payment.exception' | 'payment.exception.resolved',
  record: PaymentExceptionRecord,
  who: ExceptionEventIdentity,
  at: Date,
): DomainEvent {
  const { id, ...view } = exceptionView(record);
  return webhookEvent(
    type,
    { aggregateType: 'request', aggregateId: record.requestId },
    {
      ...view,
      exceptionId: id,
      requestID: record.requestId,
      paymentReference: who.paymentReference,
      clientId: who.clientId,
      orchestratorId: who.orchestratorId,
      timestamp: at.toISOString(),
    },
    { platformId: record.platformId },
  );
}
