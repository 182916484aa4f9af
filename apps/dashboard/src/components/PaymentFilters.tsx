import { Button, type PaymentsPaths, TextField } from '@payrail/web';
import { type FormEvent, useState } from 'react';
import { useApis } from '../api';
import { t } from '../messages';

/** The filters of GET /v2/requests (and its export), as the OpenAPI document types them. */
export type PaymentFilterValues = Omit<NonNullable<PaymentsPaths['/v2/requests']['get']['parameters']['query']>, 'limit' | 'cursor'>;

export const REQUEST_STATUSES = ['pending', 'partial', 'paid', 'overpaid', 'fee_short'] as const satisfies readonly NonNullable<
  PaymentFilterValues['status']
>[];

/** The list's filters, applied together on "Apply filters"; dates are whole UTC days (`to` inclusive). */
export function PaymentFilters({ onApply }: { onApply: (values: PaymentFilterValues) => void }) {
  const { runtime } = useApis();
  const [form, setForm] = useState<Record<string, string>>({});
  const set = (name: string) => (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const day = (d: string | undefined, plus = 0) => (d ? new Date(Date.parse(`${d}T00:00:00Z`) + plus).toISOString() : undefined);
    onApply({
      status: (form.status || undefined) as PaymentFilterValues['status'],
      network: (form.network || undefined) as PaymentFilterValues['network'],
      currency: form.currency?.trim() || undefined,
      from: day(form.from),
      to: day(form.to, 24 * 3600 * 1000),
      reference: form.reference?.trim() || undefined,
      paymentReference: form.paymentReference?.trim() || undefined,
      payer: form.payer?.trim() || undefined,
    });
  };
  return (
    <form className="filters" onSubmit={submit} aria-label={t('payments.filters')}>
      <div className="pr-field">
        <label htmlFor="f-status">{t('field.status')}</label>
        <select id="f-status" value={form.status ?? ''} onChange={set('status')}>
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
        <select id="f-network" value={form.network ?? ''} onChange={set('network')}>
          <option value="">{t('filter.any')}</option>
          {runtime.networks.map((n) => (
            <option key={n.network} value={n.network}>
              {n.network}
            </option>
          ))}
        </select>
      </div>
      <TextField label={t('field.currency')} value={form.currency ?? ''} onChange={set('currency')} />
      <TextField label={t('field.from')} type="date" value={form.from ?? ''} onChange={set('from')} />
      <TextField label={t('field.to')} type="date" value={form.to ?? ''} onChange={set('to')} />
      <TextField label={t('field.reference')} value={form.reference ?? ''} onChange={set('reference')} />
      <TextField label={t('field.payment_reference')} value={form.paymentReference ?? ''} onChange={set('paymentReference')} />
      <TextField label={t('field.payer')} value={form.payer ?? ''} onChange={set('payer')} />
      <Button type="submit">{t('filter.apply')}</Button>
    </form>
  );
}
