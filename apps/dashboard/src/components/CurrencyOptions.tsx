import { useQuery } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';

type Currency = PaymentsSchemas['CurrencyDto'];

/** GET /v2/currencies of one network (by the session); the registry's list, cached for the tab's life. */
export function useNetworkCurrencies(network: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: ['currencies', network],
    enabled: Boolean(network),
    staleTime: Infinity,
    queryFn: async (): Promise<Currency[]> => {
      const found = await must(payments.GET('/v2/currencies', { params: { query: { network } } }));
      return Array.isArray(found) ? found : [found];
    },
  });
}

/** A datalist of currency ids (SYMBOL-network) for a text field's `list`, each labelled with its name. */
export function CurrencyOptions({ id, currencies }: { id: string; currencies: readonly Currency[] }) {
  return (
    <datalist id={id} data-count={currencies.length}>
      {currencies.map((c) => (
        <option key={c.id} value={c.id} label={`${c.symbol}: ${c.name}`} />
      ))}
    </datalist>
  );
}
