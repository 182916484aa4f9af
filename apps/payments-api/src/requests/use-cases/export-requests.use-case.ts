import { Injectable } from '@nestjs/common';
import { streamRequestsOn } from '@payrail/persistence';
import { csvLine } from '@payrail/domain';
import { ExportDatabase } from '../../payments/export-database.js';
import type { RequestFilterQueryDto } from '../dto/request-filter.query.js';
import { requestFilterOf } from '../filter.js';
import { requestListItemView } from '../request-views.js';
import type { RequestListItemDto } from '../dto/request-list.dto.js';

/** The export's columns, in order: the list item's fields (amounts as decimal strings). */
export const EXPORT_COLUMNS = [
  'requestId',
  'createdAt',
  'status',
  'network',
  'paymentCurrency',
  'expectedAmount',
  'amountPaid',
  'feeAmount',
  'feePaid',
  'invoiceCurrency',
  'invoiceAmount',
  'paymentReference',
  'reference',
  'payee',
  'payer',
  'payerAddress',
  'txHash',
  'paidAt',
  'clientId',
] as const satisfies readonly (keyof RequestListItemDto)[];

/** The export's chunks, and release() for when the response closes before they were all read (idempotent). */
export interface CsvExport {
  chunks: AsyncGenerator<string>;
  release(this: void): Promise<void>;
}

/**
 * The platform's requests under a filter as CSV, newest first: the header line, then one chunk
 * per batch the Postgres cursor hands over. Nothing accumulates: the caller pipes the chunks
 * to the response with backpressure, so the export's memory is one batch whatever its size.
 * Read on a connection of the export's own pool (ExportDatabase: caps per replica and per
 * platform, timeouts), never the request pool's.
 */
@Injectable()
export class ExportRequests {
  constructor(private readonly exports: ExportDatabase) {}

  /** Validates the filter and takes the export's place at once (a 400 or 429 before any byte is sent), then answers the lazy chunks. */
  async execute({ platformId, query }: { platformId: string; query: RequestFilterQueryDto }): Promise<CsvExport> {
    const filter = requestFilterOf(query);
    const lease = await this.exports.acquire(platformId);
    const chunks = (async function* () {
      try {
        yield csvLine(EXPORT_COLUMNS);
        for await (const rows of streamRequestsOn(lease.runner, platformId, filter)) {
          let chunk = '';
          for (const row of rows) {
            const item = requestListItemView(row);
            chunk += csvLine(EXPORT_COLUMNS.map((column) => (item[column] === null ? null : String(item[column]))));
          }
          yield chunk;
        }
      } finally {
        await lease.release();
      }
    })();
    return { chunks, release: lease.release };
  }
}
