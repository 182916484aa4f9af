import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import type { LinksSearch } from '../router/search';

/** Query keys of the payment links (secure payments). */
export const linkKeys = {
  all: ['links'] as const,
  list: (status: LinksSearch['status'], cursor: string | undefined) => [...linkKeys.all, 'list', status ?? null, cursor ?? null] as const,
};

/** One keyset page of payment links, optionally of one status. */
export function useLinks(status: LinksSearch['status'], cursor: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: linkKeys.list(status, cursor),
    placeholderData: keepPreviousData,
    queryFn: () => must(payments.GET('/v2/secure-payments', { params: { query: { status, cursor, limit: 25 } } })),
  });
}

/** "Create payment link": POST /v2/secure-payments by session (the platform owns the link). */
export function useCreateLink() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['CreateSecurePaymentDto']) => must(payments.POST('/v2/secure-payments', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: linkKeys.all }),
  });
}

/** "Invalidate": DELETE /v2/secure-payments/{token}; the link's page then refuses to pay. */
export function useInvalidateLink() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => must(payments.DELETE('/v2/secure-payments/{token}', { params: { path: { token } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: linkKeys.all }),
  });
}
