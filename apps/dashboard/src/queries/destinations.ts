import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { isDestinationOption } from '../forms/destination-body';
import { must } from '../lib/api-call';

/** Query keys of the platform's payee destinations. */
export const destinationKeys = { all: ['destinations'] as const, currencies: ['destinations', 'currencies'] as const };

/** The platform's payee destinations, newest first (GET /v2/payee-destination by the wallet session). */
export function useDestinations(enabled = true) {
  const { payments } = useApis();
  return useQuery({
    queryKey: destinationKeys.all,
    enabled,
    queryFn: async () => (await must(payments.GET('/v2/payee-destination'))).destinations,
  });
}

/** The currencies a destination can receive (USDC and USDT of every network), from the registry; cached for the tab's life. */
export function useDestinationCurrencies(enabled = true) {
  const { payments } = useApis();
  return useQuery({
    queryKey: destinationKeys.currencies,
    enabled,
    staleTime: Infinity,
    queryFn: async (): Promise<PaymentsSchemas['CurrencyDto'][]> => {
      const found = await must(payments.GET('/v2/currencies'));
      return (Array.isArray(found) ? found : [found]).filter(isDestinationOption);
    },
  });
}

/** Add a destination (or reactivate the same one): POST /v2/payee-destination. */
export function useAddDestination() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['CreatePayeeDestinationDto']) => must(payments.POST('/v2/payee-destination', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: destinationKeys.all }),
  });
}

/** Deactivate one: DELETE /v2/payee-destination/{destinationId} (the record stays, inactive). */
export function useDeactivateDestination() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (destinationId: string) =>
      must(payments.DELETE('/v2/payee-destination/{destinationId}', { params: { path: { destinationId } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: destinationKeys.all }),
  });
}
