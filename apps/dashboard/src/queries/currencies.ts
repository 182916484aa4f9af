import { useQuery } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';

type Currency = PaymentsSchemas['CurrencyDto'];

/** Query keys of the currency registry. */
export const currencyKeys = {
  all: ['currencies'] as const,
  network: (network: string | undefined) => [...currencyKeys.all, network ?? null] as const,
};

/** GET /v2/currencies of one network (by the session); the registry's list, cached for the tab's life. */
export function useNetworkCurrencies(network: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: currencyKeys.network(network),
    enabled: Boolean(network),
    staleTime: Infinity,
    queryFn: async (): Promise<Currency[]> => {
      const found = await must(payments.GET('/v2/currencies', { params: { query: { network } } }));
      return Array.isArray(found) ? found : [found];
    },
  });
}
