import { PayrailError } from '@payrail/domain';
import { checkedPageCursor, type RequestFilter } from '@payrail/persistence';
import type { RequestFilterQueryDto } from './dto/request-filter.query.js';

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field, message }] });

/** A validated query as the repository's filter; `from` must come before `to` (400 otherwise). */
export function requestFilterOf(query: RequestFilterQueryDto): RequestFilter {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && to && from.getTime() >= to.getTime()) throw invalid('to', 'from must be before to');
  const { status, network, currency, paymentReference, reference, payer } = query;
  return { status, network, currency, paymentReference, reference, payer, from, to };
}

/** The cursor, checked to be one this API issued for the request list (400 otherwise). */
export const checkedCursor = (cursor: string | undefined): string | undefined => checkedPageCursor(cursor, 'requestId');
