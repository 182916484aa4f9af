import { Button, TextField } from '@payrail/web';
import { type FormEvent, useState } from 'react';
import { useApis } from '../api';
import { filterFormOf, type FilterForm, searchOfFilterForm } from '../lib/payment-filters';
import { t } from '../messages';
import { NETWORKS, type PaymentsSearch, REQUEST_STATUSES } from '../router/search';

type Values = Omit<PaymentsSearch, 'cursors'>;

/** The list's filters, filled from the URL and applied together on "Apply filters"; dates are whole UTC days (`to` inclusive). */
export function PaymentFilters({ values, onApply }: { values: Values; onApply: (values: Values) => void }) {
  const { runtime } = useApis();
  const [form, setForm] = useState<FilterForm>(() => filterFormOf(values));
  const set = (name: keyof FilterForm) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(searchOfFilterForm(form));
  };
  const networks = NETWORKS.filter((n) => runtime.networks.some((r) => r.network === n));
  return (
    <form className="filters" onSubmit={submit} aria-label={t('payments.filters')}>
      <div className="pr-field">
        <label htmlFor="f-status">{t('field.status')}</label>
        <select id="f-status" value={form.status} onChange={set('status')}>
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
        <select id="f-network" value={form.network} onChange={set('network')}>
          <option value="">{t('filter.any')}</option>
          {networks.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t('field.currency')} value={form.currency} onChange={set('currency')} />
      <TextField label={t('field.from')} type="date" value={form.from} onChange={set('from')} />
      <TextField label={t('field.to')} type="date" value={form.to} onChange={set('to')} />
      <TextField label={t('field.reference')} value={form.reference} onChange={set('reference')} />
      <TextField label={t('field.payment_reference')} value={form.paymentReference} onChange={set('paymentReference')} />
      <TextField label={t('field.payer')} value={form.payer} onChange={set('payer')} />
      <Button type="submit">{t('filter.apply')}</Button>
    </form>
  );
}
