import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { Link } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useApis } from '../api';
import { Field } from '../forms/Field';
import { createInvoiceBody, invoiceForm, type InvoiceFormInput, type InvoiceFormValues } from '../forms/invoice-body';
import { emptyRequestFields } from '../forms/request-fields';
import { RequestFields } from '../forms/RequestFields';
import { t } from '../messages';
import { useCreateInvoice } from '../queries/payments';

const IDS = {
  network: 'invoice-network',
  networkCurrencies: 'invoice-network-currencies',
  invoiceCurrencies: 'invoice-invoice-currencies',
};

/**
 * "Create invoice": POST /v2/request by session (the platform owns the invoice). The invoice then
 * shows in Payments (reference, customer) and its page lists its payments.
 */
export function CreateInvoiceForm({ defaultPayee }: { defaultPayee?: string }) {
  const { runtime } = useApis();
  const form = useForm<InvoiceFormInput, unknown, InvoiceFormValues>({
    resolver: zodResolver(invoiceForm),
    defaultValues: {
      ...emptyRequestFields(defaultPayee, runtime.networks[0]?.network),
      reference: '',
      firstName: '',
      lastName: '',
      email: '',
    },
  });
  const network = useWatch({ control: form.control, name: 'network' });
  const create = useCreateInvoice();
  const submit = form.handleSubmit((values) => create.mutate(createInvoiceBody(values)));
  const reference = create.variables?.reference;
  return (
    <section className="pr-card" aria-labelledby="create-invoice-title">
      <h2 id="create-invoice-title">{t('invoices.new')}</h2>
      <p>{t('invoices.intro')}</p>
      <form className="form-grid" onSubmit={(e) => void submit(e)} aria-labelledby="create-invoice-title">
        <RequestFields ids={IDS} control={form.control} register={form.register} network={network} />
        <Field control={form.control} name="reference" label={t('field.reference')} />
        <Field control={form.control} name="firstName" label={t('invoices.first_name')} autoComplete="off" />
        <Field control={form.control} name="lastName" label={t('invoices.last_name')} autoComplete="off" />
        <Field control={form.control} name="email" label={t('invoices.email')} type="email" autoComplete="off" />
        <Button type="submit" disabled={create.isPending}>
          {t('invoices.create')}
        </Button>
      </form>
      {create.error && <Alert>{t('invoices.create_failed', { reason: create.error.message })}</Alert>}
      {create.data && (
        <div className="created" role="status">
          <p>{t('invoices.created')}</p>
          <Link to="/payments/$requestId" params={{ requestId: create.data.requestId }}>
            {t('invoices.open', { reference: reference || create.data.paymentReference })}
          </Link>
        </div>
      )}
    </section>
  );
}
