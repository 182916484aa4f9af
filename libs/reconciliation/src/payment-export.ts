import { NETWORKS, type NetworkName } from '@payrail/chains';
import { csvLine, formatAmount } from '@payrail/domain';
import type { PaymentExportRow } from '@payrail/persistence';

/**
 * The accounting export's columns (issue #36 item 4), in order: one row per payment (a fee-proxy
 * transfer to one of the platform's requests). Amounts are decimal strings in their currency;
 * `protocolFee` is 0 (Request Network's fee proxies take none); `batchFee` is empty (the batch
 * contract's fee is paid in a transfer of its own, not tied to one payment reference);
 * `relayerGasFee` is the gas the relayer paid to sweep a deposit address, in the network's
 * native currency; the fiat columns are those stored when the payment settled (empty before).
 */
export const PAYMENT_EXPORT_COLUMNS = [
  'requestId',
  'reference',
  'paymentReference',
  'status',
  'network',
  'token',
  'amount',
  'protocolFee',
  'platformFee',
  'batchFee',
  'relayerGasFee',
  'relayerGasCurrency',
  'payer',
  'payerEoa',
  'payee',
  'txHash',
  'logIndex',
  'blockNumber',
  'paidAt',
  'settledAt',
  'invoiceCurrency',
  'invoiceAmount',
  'fiatCurrency',
  'fiatValue',
  'fiatRate',
  'fiatRateSource',
  'fiatRateAt',
  'exceptions',
  'refunds',
  'clientId',
] as const;

export type PaymentExportColumn = (typeof PAYMENT_EXPORT_COLUMNS)[number];

/** A payment as the JSON export writes it (strings, numbers for the log index and block). */
export type PaymentExportRecord = Record<PaymentExportColumn, string | number | null | object[]>;

export type PaymentExportFormat = 'csv' | 'json';

/** The export row of one payment: amounts formatted with their decimals, dates in ISO 8601. */
export function paymentExportRecord(r: PaymentExportRow): PaymentExportRecord {
  const native = NETWORKS[r.network as NetworkName]?.nativeCurrency;
  const units = (value: string) => formatAmount(BigInt(value), r.currency_decimals);
  return {
    requestId: r.request_id,
    reference: r.reference,
    paymentReference: r.payment_reference,
    status: r.status,
    network: r.network,
    token: r.payment_currency,
    amount: units(r.amount),
    protocolFee: '0',
    platformFee: units(r.fee_amount),
    batchFee: null,
    relayerGasFee: r.sweep_gas_cost === null || !native ? null : formatAmount(BigInt(r.sweep_gas_cost), native.decimals),
    relayerGasCurrency: r.sweep_gas_cost === null || !native ? null : native.id,
    payer: r.payer,
    payerEoa: r.from_address,
    payee: r.payee,
    txHash: r.tx_hash,
    logIndex: r.log_index,
    blockNumber: Number(r.block_number),
    paidAt: r.block_timestamp.toISOString(),
    settledAt: r.settled_at?.toISOString() ?? null,
    invoiceCurrency: r.invoice_currency,
    invoiceAmount: formatAmount(BigInt(r.invoice_amount), r.invoice_decimals),
    fiatCurrency: r.fiat_currency,
    fiatValue: r.fiat_value,
    fiatRate: r.fiat_rate,
    fiatRateSource: r.fiat_rate_source,
    fiatRateAt: r.fiat_rate_at?.toISOString() ?? null,
    exceptions: r.exceptions.map((e) => ({ kind: e.kind, status: e.status })),
    refunds: r.refunds.map((f) => ({ amount: formatAmount(BigInt(f.amount), f.decimals), status: f.status, txHash: f.tx_hash })),
    clientId: r.client_id,
  };
}

/** A CSV cell: lists as `a:b;c:d` (exceptions `kind:status`, refunds `amount:status:txHash`). */
function csvCell(value: PaymentExportRecord[PaymentExportColumn]): string | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return String(value);
  const part = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return value
    .map((item) =>
      Object.values(item as Record<string, unknown>)
        .map(part)
        .join(':'),
    )
    .join(';');
}

/**
 * Writes the export's batches in a format: CSV (RFC 4180, header first) or one JSON array of
 * objects, each batch a chunk, so nothing accumulates whatever the export's size.
 */
export async function* formatPaymentExport(
  batches: AsyncIterable<PaymentExportRow[]>,
  format: PaymentExportFormat,
  columns: readonly PaymentExportColumn[] = PAYMENT_EXPORT_COLUMNS,
): AsyncGenerator<string> {
  if (format === 'csv') yield csvLine(columns);
  else yield '[';
  let first = true;
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) {
      const record = paymentExportRecord(row);
      if (format === 'csv') chunk += csvLine(columns.map((c) => csvCell(record[c])));
      else {
        chunk += `${first ? '' : ','}\n${JSON.stringify(Object.fromEntries(columns.map((c) => [c, record[c]])))}`;
        first = false;
      }
    }
    yield chunk;
  }
  if (format === 'json') yield '\n]\n';
}
