import { formatAmount, hasBeenPaid } from '@payrail/domain';
import type { InvoicePaymentRow, RequestEntity } from '@payrail/persistence';

/** Who provides the platform fee paid with a request. */
const FEE_PROVIDER = 'payrail';
/** Digits of a conversion rate. */
const RATE_DECIMALS = 8;

export interface RecordFee {
  type: 'platform';
  provider: string;
  amount: string;
  currency: string;
}

export interface RecordPayment {
  amount: string;
  currency: string;
  txHash: string;
  timestamp: string;
  payer: string | null;
  fees: RecordFee[];
}

/** Request Network's status record fields (facts §1.7), beside Payrail's own fields of the same answer. */
export interface InvoiceRecordFields {
  isListening: boolean;
  recurrence: { startDate: string; frequency: string } | null;
  originalRequestId: string | null;
  originalRequestPaymentReference: string | null;
  isCryptoToFiatAvailable: boolean;
  isRecurrenceStopped: boolean;
  payments: RecordPayment[];
  amountInUsd: string | null;
  conversionRate: string | null;
  rateSource: 'chainlink' | 'unknown';
  conversionBreakdown: null;
  fees: RecordFee[];
  payerAddress: string | null;
  payerEoaAddress: string | null;
}

/**
 * A conversion request's rate, fixed when it was created: the invoice currency's price of one unit of
 * the payment currency (invoice amount / expected amount), RATE_DECIMALS digits, rounded down.
 */
function conversionRateOf(r: RequestEntity): string | null {
  if (r.invoiceCurrency === r.paymentCurrency || r.expectedAmount === 0n) return null;
  const scaled =
    (r.invoiceAmount * 10n ** BigInt(r.currencyDecimals + RATE_DECIMALS)) / (r.expectedAmount * 10n ** BigInt(r.invoiceDecimals));
  return formatAmount(scaled, RATE_DECIMALS);
}

const platformFee = (units: bigint, r: RequestEntity): RecordFee[] =>
  units > 0n
    ? [{ type: 'platform', provider: FEE_PROVIDER, amount: formatAmount(units, r.currencyDecimals), currency: r.paymentCurrency }]
    : [];

/**
 * The record fields of a request: `payments` are its settled counted transfers, `series` the state of
 * the series' first request when the request is a later period of a recurring invoice (the first
 * request holds isRecurrenceStopped).
 */
export function invoiceRecordFields(
  r: RequestEntity,
  payments: readonly InvoicePaymentRow[],
  series: { isRecurrenceStopped: boolean } | undefined,
): InvoiceRecordFields {
  const last = payments.at(-1);
  const payer = last?.from_address ?? r.payer;
  return {
    isListening: !hasBeenPaid(r.status),
    recurrence:
      r.recurrenceFrequency && r.recurrenceStart ? { startDate: r.recurrenceStart.toISOString(), frequency: r.recurrenceFrequency } : null,
    originalRequestId: r.originalRequestId,
    originalRequestPaymentReference: r.originalRequestPaymentReference,
    isCryptoToFiatAvailable: r.isCryptoToFiatAvailable,
    isRecurrenceStopped: series?.isRecurrenceStopped ?? r.isRecurrenceStopped,
    payments: payments.map((t) => ({
      amount: formatAmount(BigInt(t.amount), r.currencyDecimals),
      currency: r.paymentCurrency,
      txHash: t.tx_hash,
      timestamp: t.block_timestamp.toISOString(),
      payer: t.from_address,
      fees: platformFee(BigInt(t.fee_amount), r),
    })),
    amountInUsd: r.invoiceCurrency === 'USD' ? formatAmount(r.invoiceAmount, r.invoiceDecimals) : null,
    conversionRate: conversionRateOf(r),
    rateSource: r.invoiceCurrency === r.paymentCurrency ? 'unknown' : 'chainlink',
    conversionBreakdown: null,
    fees: platformFee(r.feePaid, r),
    payerAddress: payer ?? null,
    payerEoaAddress: payer ?? null,
  };
}
