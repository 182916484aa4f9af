import type { Control, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useApis } from '../api';
import { CurrencyOptions } from '../components/CurrencyOptions';
import { t } from '../messages';
import { useNetworkCurrencies } from '../queries/currencies';
import { Field } from './Field';
import type { RequestFieldValues } from './request-fields';

/**
 * The field block a payment link and an invoice share (payee, amount, network, payment and invoice
 * currency). The currencies offered are the API's for the chosen network, and for the invoice
 * currency also its fiat currencies; any currency id may still be typed. `ids` keeps the element ids
 * of two forms on one screen apart.
 */
export function RequestFields<T extends FieldValues & RequestFieldValues>({
  ids,
  control,
  register,
  network,
}: {
  ids: { network: string; networkCurrencies: string; invoiceCurrencies: string };
  control: Control<T>;
  register: UseFormRegister<T>;
  network: string;
}) {
  const { runtime } = useApis();
  const onNetwork = useNetworkCurrencies(network);
  const fiat = useNetworkCurrencies('fiat');
  const name = (field: keyof RequestFieldValues) => field as Path<T>;
  return (
    <>
      <Field control={control} name={name('payee')} label={t('links.payee')} required autoComplete="off" />
      <Field control={control} name={name('amount')} label={t('col.amount')} required inputMode="decimal" pattern="[0-9]+(\.[0-9]+)?" />
      <div className="pr-field">
        <label htmlFor={ids.network}>{t('field.network')}</label>
        <select id={ids.network} {...register(name('network'))}>
          {runtime.networks.map((n) => (
            <option key={n.network} value={n.network}>
              {n.network}
            </option>
          ))}
        </select>
      </div>
      <Field
        control={control}
        name={name('paymentCurrency')}
        label={t('links.payment_currency')}
        required
        list={ids.networkCurrencies}
        hint={t('links.currency_hint')}
      />
      <Field
        control={control}
        name={name('invoiceCurrency')}
        label={t('links.invoice_currency')}
        list={ids.invoiceCurrencies}
        hint={t('links.invoice_hint')}
      />
      <CurrencyOptions id={ids.networkCurrencies} currencies={onNetwork.data ?? []} />
      <CurrencyOptions id={ids.invoiceCurrencies} currencies={[...(onNetwork.data ?? []), ...(fiat.data ?? [])]} />
    </>
  );
}
