import { Button } from '@payrail/web';
import { useForm } from 'react-hook-form';
import { useApis } from '../api';
import { Field } from '../forms/Field';
import { filterFormOf, type FilterForm, searchOfFilterForm } from '../lib/payment-filters';
import { t } from '../messages';
import { NETWORKS, type PaymentsSearch, REQUEST_STATUSES } from '../router/search';

type Values = Omit<PaymentsSearch, 'cursors'>;

/** The list's filters, filled from the URL and applied together on "Apply filters"; dates are whole UTC days (`to` inclusive). */
export function PaymentFilters({ values, onApply }: { values: Values; onApply: (values: Values) => void }) {
  const { runtime } = useApis();
  const { control, register, handleSubmit } = useForm<FilterForm>({ defaultValues: filterFormOf(values) });
  const submit = handleSubmit((form) => onApply(searchOfFilterForm(form)));
  const networks = NETWORKS.filter((n) => runtime.networks.some((r) => r.network === n));
  return (
    <form className="filters" onSubmit={(e) => void submit(e)} aria-label={t('payments.filters')}>
      <div className="pr-field">
        <label htmlFor="f-status">{t('field.status')}</label>
        <select id="f-status" {...register('status')}>
          <option value="">{t('filter.any')}</option>
          {REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="pr-field">
        <label htmlFor="f-network">{t('field.network')}</label>
        <select id="f-network" {...register('network')}>
          <option value="">{t('filter.any')}</option>
          {networks.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <Field control={control} name="currency" label={t('field.currency')} />
      <Field control={control} name="from" label={t('field.from')} type="date" />
      <Field control={control} name="to" label={t('field.to')} type="date" />
      <Field control={control} name="reference" label={t('field.reference')} />
      <Field control={control} name="paymentReference" label={t('field.payment_reference')} />
      <Field control={control} name="payer" label={t('field.payer')} />
      <Button type="submit">{t('filter.apply')}</Button>
    </form>
  );
}
