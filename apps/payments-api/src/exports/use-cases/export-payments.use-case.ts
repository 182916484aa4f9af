import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { streamPaymentExportOn, type PaymentExportFilter } from '@payrail/persistence';
import { formatPaymentExport, PAYMENT_EXPORT_COLUMNS, type PaymentExportColumn } from '@payrail/reconciliation';
import { ExportDatabase } from '../../payments/export-database.js';
import type { PaymentExportQueryDto } from '../dto/payment-export.query.js';

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field, message }] });

/** The export's filter and columns from a validated query (400 for an unknown column or `to` not after `from`). */
export function paymentExportRequest(query: PaymentExportQueryDto): { filter: PaymentExportFilter; columns: PaymentExportColumn[] } {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from.getTime() >= to.getTime()) throw invalid('to', 'from must be before to');
  const known = new Set<string>(PAYMENT_EXPORT_COLUMNS);
  const columns = query.columns === undefined ? [...PAYMENT_EXPORT_COLUMNS] : query.columns.split(',');
  const unknown = columns.find((c) => !known.has(c));
  if (unknown !== undefined) throw invalid('columns', `unknown column ${unknown}`);
  if (new Set(columns).size !== columns.length) throw invalid('columns', 'a column is named twice');
  const { status, network, clientId } = query;
  return { filter: { from, to, status, network, clientId }, columns: columns as PaymentExportColumn[] };
}

/** The export's chunks, and release() for when the response closes before they were all read (idempotent). */
export interface PaymentExport {
  chunks: AsyncGenerator<string>;
  release(this: void): Promise<void>;
}

/**
 * The platform's payments (issue #36 item 4) as CSV or a JSON array, streamed: one chunk per batch
 * of a Postgres cursor, read on a connection of the exports' own pool (ExportDatabase: caps per
 * replica and per platform, timeouts), never the request pool's.
 */
@Injectable()
export class ExportPayments {
  constructor(private readonly exports: ExportDatabase) {}

  /** Validates the query and takes the export's place at once (a 400 or 429 before any byte is sent), then answers the lazy chunks. */
  async execute({ platformId, query }: { platformId: string; query: PaymentExportQueryDto }): Promise<PaymentExport> {
    const { filter, columns } = paymentExportRequest(query);
    const lease = await this.exports.acquire(platformId);
    const format = query.format ?? 'csv';
    const chunks = (async function* () {
      try {
        yield* formatPaymentExport(streamPaymentExportOn(lease.runner, platformId, filter), format, columns);
      } finally {
        await lease.release();
      }
    })();
    return { chunks, release: lease.release };
  }
}
