import { Inject, Injectable } from '@nestjs/common';
import { CurrencyRegistry } from '@payrail/chains';
import { decodeKeysetCursor, PayrailError } from '@payrail/domain';
import { type PaymentSearchFilter, PaymentSearchRepository } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import type { PaymentSearchDto } from '../dto/payment-search.dto.js';
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_WINDOW, type PaymentSearchQueryDto } from '../dto/payment-search.query.js';
import { searchedPaymentView } from '../payment-search.view.js';

export interface SearchPaymentsCommand {
  platformId: string;
  query: PaymentSearchQueryDto;
}

/** Request Network's search parameters: at least one is required (its rule); dates and paging only narrow. */
const SEARCH_PARAMETERS = [
  'txHash',
  'walletAddress',
  'paymentReference',
  'requestId',
  'reference',
  'type',
  'invoiceCurrency',
  'paymentCurrency',
] as const;

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field, message }] });

/**
 * GET /v2/payments: the platform's settled payments under Request Network's filters, newest
 * first. Pages are read by keyset on (block time, transfer id): a `cursor` continues after the
 * previous page's last row; an `offset` (Request Network's paging) is honoured while offset +
 * limit stays within MAX_SEARCH_WINDOW, so no page costs a deep OFFSET scan. `total` is counted up
 * to the same bound (and not counted at all when the page is the last one of an offset search).
 */
@Injectable()
export class SearchPayments {
  constructor(
    private readonly db: DataSource,
    private readonly currencies: CurrencyRegistry,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  async execute({ platformId, query }: SearchPaymentsCommand): Promise<PaymentSearchDto> {
    const filter = this.filterOf(query);
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    const offset = query.offset ?? 0;
    const cursor = this.pageOf(query, limit, offset);
    const repository = new PaymentSearchRepository(this.db);
    const page = await repository.search(platformId, filter, { cursor, offset, limit });
    // The last page knows the total (offset paging); otherwise it is counted, up to the window.
    const total =
      !page.hasMore && cursor === undefined ? offset + page.rows.length : await repository.count(platformId, filter, MAX_SEARCH_WINDOW);
    return {
      payments: page.rows.map((row) => searchedPaymentView(row, this.currencies, this.cipher)),
      pagination: { total, limit, offset, hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  }

  private filterOf(query: PaymentSearchQueryDto): PaymentSearchFilter {
    if (SEARCH_PARAMETERS.every((name) => query[name] === undefined))
      throw invalid('query', `at least one search parameter is required: ${SEARCH_PARAMETERS.join(', ')}`);
    const fromDate = query.fromDate === undefined ? undefined : new Date(query.fromDate);
    const toDate = query.toDate === undefined ? undefined : new Date(query.toDate);
    if (fromDate && toDate && toDate.getTime() < fromDate.getTime()) throw invalid('toDate', 'toDate must be after or equal to fromDate');
    return {
      requestId: query.requestId?.toLowerCase(),
      txHash: query.txHash?.toLowerCase(),
      walletAddress: query.walletAddress,
      paymentReference: query.paymentReference?.toLowerCase(),
      reference: query.reference,
      type: query.type,
      invoiceCurrencies: this.currencyIds(query.invoiceCurrency, 'invoiceCurrency'),
      paymentCurrencies: this.currencyIds(query.paymentCurrency, 'paymentCurrency'),
      fromDate,
      toDate,
    };
  }

  /** A currency id names itself; a symbol every currency of that symbol (USDC: USDC on each network). */
  private currencyIds(value: string | undefined, field: string): string[] | undefined {
    if (value === undefined) return undefined;
    const exact = this.currencies.byId(value);
    if (exact) return [exact.id];
    const symbol = value.toLowerCase();
    const ids = this.currencies
      .all()
      .filter((c) => c.symbol.toLowerCase() === symbol)
      .map((c) => c.id);
    if (ids.length === 0) throw invalid(field, `${field} "${value}" is not a known currency id or symbol (see GET /v2/currencies)`);
    return ids;
  }

  /** The keyset cursor to read after, checked to be one this search issued; offset paging stays within the window. */
  private pageOf(query: PaymentSearchQueryDto, limit: number, offset: number): string | undefined {
    if (query.cursor !== undefined) {
      if (offset > 0) throw invalid('offset', 'offset cannot be combined with cursor: the cursor already says where the page starts');
      if (!decodeKeysetCursor(query.cursor, 'bigint')) throw invalid('cursor', 'cursor must be a nextCursor value');
      return query.cursor;
    }
    if (offset + limit > MAX_SEARCH_WINDOW)
      throw invalid('offset', `offset + limit must be at most ${MAX_SEARCH_WINDOW}; page further with cursor (pagination.nextCursor)`);
    return undefined;
  }
}
