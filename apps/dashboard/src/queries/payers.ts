import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApis } from '../api';
import { must } from '../lib/api-call';

/** Query keys of the payers' compliance records. */
export const payerKeys = {
  all: ['payers'] as const,
  list: (search: string | undefined, cursor: string | undefined) => [...payerKeys.all, 'list', search ?? null, cursor ?? null] as const,
};

/** One keyset page of payers, searched by the platform's user id. */
export function usePayers(search: string | undefined, cursor: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: payerKeys.list(search, cursor),
    placeholderData: keepPreviousData,
    queryFn: () => must(payments.GET('/v2/payers', { params: { query: { search, cursor, limit: 25 } } })),
  });
}

/** Query key of one payer's payment details. */
export const paymentDetailKeys = {
  of: (userId: string) => [...payerKeys.all, 'payment-details', userId] as const,
};

/** A payer's payment details (masked), fetched only once `enabled` (the row is opened). */
export function usePayerPaymentDetails(userId: string, enabled: boolean) {
  const { payments } = useApis();
  return useQuery({
    queryKey: paymentDetailKeys.of(userId),
    enabled,
    queryFn: () => must(payments.GET('/v2/payers/{userId}/payment-details', { params: { path: { userId } } })),
  });
}
