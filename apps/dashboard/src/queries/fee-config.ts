import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';

/** Query keys of the platform's fee configuration. */
export const feeConfigKeys = { all: ['fee-config'] as const };

/** The platform's fee configuration (`feeConfig` null when it never set one). */
export function useFeeConfig() {
  const { payments } = useApis();
  return useQuery({ queryKey: feeConfigKeys.all, queryFn: () => must(payments.GET('/v2/fee-config')) });
}

/** Replace the platform's fee configuration (PUT: the whole configuration). */
export function useSaveFeeConfig() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['FeeConfigDto']) => must(payments.PUT('/v2/fee-config', { body })),
    onSuccess: (saved) => queries.setQueryData(feeConfigKeys.all, { feeConfig: saved }),
  });
}
