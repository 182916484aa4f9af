import type { PaymentsPaths } from '@payrail/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import type { PaymentsSearch } from '../router/search';

/** The filters of GET /v2/requests and its CSV export, as the OpenAPI document types them. */
export type RequestFilters = Omit<NonNullable<PaymentsPaths['/v2/requests']['get']['parameters']['query']>, 'limit' | 'cursor'>;

/** Query keys of the payment requests: every key starts with 'requests', so one invalidation reaches them all. */
export const paymentKeys = {
  all: ['requests'] as const,
  list: (filters: RequestFilters, cursor: string | undefined) => [...paymentKeys.all, 'list', filters, cursor ?? null] as const,
  detail: (requestId: string) => [...paymentKeys.all, 'detail', requestId] as const,
  volume: (from: string, to: string) => [...paymentKeys.all, 'volume', from, to] as const,
};

const DAY_MS = 24 * 3600 * 1000;

/** The URL's filters as the API takes them: whole UTC days become instants, `to` inclusive (the next day's midnight). */
export function requestFiltersOf(search: Omit<PaymentsSearch, 'cursors'>): RequestFilters {
  const day = (d: string | undefined, plus = 0) => (d ? new Date(Date.parse(`${d}T00:00:00Z`) + plus).toISOString() : undefined);
  const filters: RequestFilters = {
    status: search.status,
    network: search.network,
    currency: search.currency,
    from: day(search.from),
    to: day(search.to, DAY_MS),
    reference: search.reference,
    paymentReference: search.paymentReference,
    payer: search.payer,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));
}

/** Where the CSV export of the same filters downloads from (same origin, streamed by the server). */
export function exportUrlOf(filters: RequestFilters): string {
  const query = new URLSearchParams(filters).toString();
  return `/v2/requests/export${query ? `?${query}` : ''}`;
}

/** One keyset page of requests (25 rows); the previous page stays shown while the next loads. */
export function useRequests(filters: RequestFilters, cursor: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: paymentKeys.list(filters, cursor),
    placeholderData: keepPreviousData,
    queryFn: () => must(payments.GET('/v2/requests', { params: { query: { ...filters, cursor, limit: 25 } } })),
  });
}

/** One request with its payments, transfers and webhook deliveries. */
export function useRequest(requestId: string) {
  const { payments } = useApis();
  return useQuery({
    queryKey: paymentKeys.detail(requestId),
    queryFn: () => must(payments.GET('/v2/requests/{requestId}', { params: { path: { requestId } } })),
  });
}

/** Daily volume between two instants (the overview chart). */
export function useVolume(from: string, to: string) {
  const { payments } = useApis();
  return useQuery({
    queryKey: paymentKeys.volume(from, to),
    queryFn: () => must(payments.GET('/v2/requests/volume', { params: { query: { from, to } } })),
  });
}

/** "Create invoice": POST /v2/request by session (the platform owns the invoice); the lists refetch. */
export function useCreateInvoice() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['CreateRequestDto']) => must(payments.POST('/v2/request', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
