import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';

/** Query keys of the platform's payment exceptions and exception settings. */
export const exceptionKeys = {
  all: ['exceptions'] as const,
  open: ['exceptions', 'open'] as const,
  ofRequest: (requestId: string) => ['exceptions', 'request', requestId] as const,
  settings: ['exception-settings'] as const,
};

/** The platform's open exceptions, newest first (one page of up to 100). */
export function useOpenExceptions() {
  const { payments } = useApis();
  return useQuery({
    queryKey: exceptionKeys.open,
    queryFn: async () => (await must(payments.GET('/v2/exceptions', { params: { query: { status: 'open', limit: 100 } } }))).data,
  });
}

type Exception = PaymentsSchemas['PaymentExceptionDto'];

/** A request's exceptions (the payment's page), read again every 2 s while `pollWhile` holds of them (a refund linked to one is on its way). */
export function useRequestExceptions(requestId: string, pollWhile?: (rows: Exception[]) => boolean) {
  const { payments } = useApis();
  return useQuery({
    queryKey: exceptionKeys.ofRequest(requestId),
    queryFn: async () => (await must(payments.GET('/v2/exceptions', { params: { query: { requestId, limit: 100 } } }))).data,
    refetchInterval: (query) => (pollWhile?.(query.state.data ?? []) ? 2000 : false),
  });
}

/** POST /v2/exceptions/{id}/accept, with an Idempotency-Key so a double click decides once. */
export function useAcceptException() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      must(payments.POST('/v2/exceptions/{id}/accept', { params: { path: { id }, header: { 'idempotency-key': `accept-${id}` } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: exceptionKeys.all }),
  });
}

/** POST /v2/exceptions/{id}/request-remainder: the remainder link (the same one again on a retry). */
export function useRequestRemainder() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      must(
        payments.POST('/v2/exceptions/{id}/request-remainder', {
          params: { path: { id }, header: { 'idempotency-key': `remainder-${id}` } },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: exceptionKeys.all }),
  });
}

/** The platform's underpaid tolerance and late window. */
export function useExceptionSettings() {
  const { payments } = useApis();
  return useQuery({ queryKey: exceptionKeys.settings, queryFn: () => must(payments.GET('/v2/exception-settings')) });
}

/** PUT /v2/exception-settings: the whole settings. */
export function useSaveExceptionSettings() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['ExceptionSettingsDto']) => must(payments.PUT('/v2/exception-settings', { body })),
    onSuccess: (saved) => queries.setQueryData(exceptionKeys.settings, saved),
  });
}
