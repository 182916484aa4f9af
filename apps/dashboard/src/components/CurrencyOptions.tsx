import type { PaymentsSchemas } from '../api';

type Currency = PaymentsSchemas['CurrencyDto'];

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
