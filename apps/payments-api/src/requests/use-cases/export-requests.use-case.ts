import { Injectable } from '@nestjs/common';
import { streamRequests } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { csvLine } from '../csv.js';
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

/**
 * The platform's requests under a filter as CSV, newest first: the header line, then one chunk
 * per batch the Postgres cursor hands over. Nothing accumulates: the caller pipes the chunks
 * to the response with backpressure, so the export's memory is one batch whatever its size.
 */
@Injectable()
export class ExportRequests {
  constructor(private readonly db: DataSource) {}

  /** Validates the filter at once (a 400 before any byte is sent), then answers the lazy chunks. */
  execute({ platformId, query }: { platformId: string; query: RequestFilterQueryDto }): AsyncGenerator<string> {
    const filter = requestFilterOf(query);
    const db = this.db;
    return (async function* () {
      yield csvLine(EXPORT_COLUMNS);
      for await (const rows of streamRequests(db, platformId, filter)) {
        let chunk = '';
        for (const row of rows) {
          const item = requestListItemView(row);
          chunk += csvLine(EXPORT_COLUMNS.map((column) => (item[column] === null ? null : String(item[column]))));
        }
        yield chunk;
      }
    })();
  }
}
