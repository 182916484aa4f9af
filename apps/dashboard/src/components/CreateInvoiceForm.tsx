import { Alert, Button, TextField } from '@payrail/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import { t } from '../messages';
import { CurrencyOptions, useNetworkCurrencies } from './CurrencyOptions';

type Body = PaymentsSchemas['CreateRequestDto'];

/**
 * "Create invoice": POST /v2/request by session (the platform owns the invoice). The invoice then
 * shows in Payments (reference, customer) and its page lists its payments.
 */
export function CreateInvoiceForm({ defaultPayee }: { defaultPayee?: string }) {
  const { payments, runtime } = useApis();
  const queries = useQueryClient();
  const [f, setF] = useState<Record<string, string>>({ payee: defaultPayee ?? '', network: runtime.networks[0]?.network ?? '' });
  const set = (name: string) => (e: { target: { value: string } }) => setF({ ...f, [name]: e.target.value });
  const onNetwork = useNetworkCurrencies(f.network);
  const fiat = useNetworkCurrencies('fiat');
  const create = useMutation({
    mutationFn: () => {
      const customer = {
        ...(f.firstName?.trim() ? { firstName: f.firstName.trim() } : {}),
        ...(f.lastName?.trim() ? { lastName: f.lastName.trim() } : {}),
        ...(f.email?.trim() ? { email: f.email.trim() } : {}),
      };
      const body: Body = {
        payee: f.payee.trim(),
        amount: f.amount.trim(),
        paymentCurrency: f.paymentCurrency.trim(),
        invoiceCurrency: (f.invoiceCurrency || f.paymentCurrency).trim(),
        ...(f.reference?.trim() ? { reference: f.reference.trim() } : {}),
        ...(Object.keys(customer).length ? { customerInfo: customer } : {}),
      };
      return must(payments.POST('/v2/request', { body }));
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ['requests'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="pr-card" aria-labelledby="create-invoice-title">
      <h2 id="create-invoice-title">{t('invoices.new')}</h2>
      <p>{t('invoices.intro')}</p>
      <form className="form-grid" onSubmit={submit} aria-labelledby="create-invoice-title">
        <TextField label={t('links.payee')} required value={f.payee} onChange={set('payee')} autoComplete="off" />
        <TextField
          label={t('col.amount')}
          required
          inputMode="decimal"
          pattern="[0-9]+(\.[0-9]+)?"
          value={f.amount ?? ''}
          onChange={set('amount')}
        />
        <div className="pr-field">
          <label htmlFor="invoice-network">{t('field.network')}</label>
          <select id="invoice-network" value={f.network} onChange={set('network')}>
            {runtime.networks.map((n) => (
              <option key={n.network} value={n.network}>
                {n.network}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('links.payment_currency')}
          required
          list="invoice-network-currencies"
          value={f.paymentCurrency ?? ''}
          onChange={set('paymentCurrency')}
          hint={t('links.currency_hint')}
        />
        <TextField
          label={t('links.invoice_currency')}
          list="invoice-invoice-currencies"
          value={f.invoiceCurrency ?? ''}
          onChange={set('invoiceCurrency')}
          hint={t('links.invoice_hint')}
        />
        <CurrencyOptions id="invoice-network-currencies" currencies={onNetwork.data ?? []} />
        <CurrencyOptions id="invoice-invoice-currencies" currencies={[...(onNetwork.data ?? []), ...(fiat.data ?? [])]} />
        <TextField label={t('field.reference')} value={f.reference ?? ''} onChange={set('reference')} />
        <TextField label={t('invoices.first_name')} value={f.firstName ?? ''} onChange={set('firstName')} autoComplete="off" />
        <TextField label={t('invoices.last_name')} value={f.lastName ?? ''} onChange={set('lastName')} autoComplete="off" />
        <TextField label={t('invoices.email')} type="email" value={f.email ?? ''} onChange={set('email')} autoComplete="off" />
        <Button type="submit" disabled={create.isPending}>
          {t('invoices.create')}
        </Button>
      </form>
      {create.error && <Alert>{t('invoices.create_failed', { reason: create.error.message })}</Alert>}
      {create.data && (
        <div className="created" role="status">
          <p>{t('invoices.created')}</p>
          <Link to="/payments/$requestId" params={{ requestId: create.data.requestId }}>
            {t('invoices.open', { reference: f.reference?.trim() || create.data.paymentReference })}
          </Link>
        </div>
      )}
    </section>
  );
}
