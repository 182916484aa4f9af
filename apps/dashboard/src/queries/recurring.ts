import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfig } from 'wagmi';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import type { RecurringSearch } from '../router/search';
import { sendFromWallet } from '../session/send-transactions';

/** Query keys of the recurring payment schedules. */
export const recurringKeys = {
  all: ['recurring'] as const,
  list: (status: RecurringSearch['status'], cursor: string | undefined) =>
    [...recurringKeys.all, 'list', status ?? null, cursor ?? null] as const,
};

/** One keyset page of schedules, optionally of one status. */
export function useRecurring(status: RecurringSearch['status'], cursor: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: recurringKeys.list(status, cursor),
    placeholderData: keepPreviousData,
    queryFn: () => must(payments.GET('/v2/payouts/recurring', { params: { query: { status, cursor, limit: 25 } } })),
  });
}

/**
 * "Cancel": stops the schedule server-side, then lowers the subscriber's allowance with the
 * transactions the API built, sent by the connected wallet when it is the subscriber's (`sent`),
 * otherwise left for the screen to show.
 */
export function useCancelRecurring() {
  const { payments, runtime } = useApis();
  const config = useConfig();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const cancelled = await must(payments.PATCH('/v2/payouts/recurring/{id}', { params: { path: { id } }, body: { action: 'cancel' } }));
      const sent = cancelled.sender ? await sendFromWallet(config, runtime, cancelled.sender, cancelled.transactions) : undefined;
      return { cancelled, sent };
    },
    onSettled: () => queries.invalidateQueries({ queryKey: recurringKeys.all }),
  });
}

/** Query key of the platform's dunning policy. */
export const dunningPolicyKey = ['recurring-dunning-policy'] as const;

/** The platform's dunning policy (or the default). */
export function useDunningPolicy() {
  const { payments } = useApis();
  return useQuery({ queryKey: dunningPolicyKey, queryFn: () => must(payments.GET('/v2/payouts/recurring-dunning-policy')) });
}

/** Replace the platform's dunning policy. */
export function useSaveDunningPolicy() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['DunningPolicyDto']) => must(payments.PUT('/v2/payouts/recurring-dunning-policy', { body })),
    onSuccess: (saved) => queries.setQueryData(dunningPolicyKey, saved),
  });
}
