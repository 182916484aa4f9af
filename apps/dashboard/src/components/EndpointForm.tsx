import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useForm, useWatch } from 'react-hook-form';
import { addEndpointRequest, endpointForm, type EndpointFormInput, type EndpointFormValues } from '../forms/endpoint-body';
import { Field } from '../forms/Field';
import { t } from '../messages';
import { useAddEndpoint } from '../queries/webhooks';
import { CopyButton } from './CopyButton';

/** "Add endpoint": registers a URL for one Client ID (x-client-id beside the session); the signing secret is shown once. */
export function EndpointForm({ clientIds }: { clientIds: string[] }) {
  const form = useForm<EndpointFormInput, unknown, EndpointFormValues>({
    resolver: zodResolver(endpointForm),
    defaultValues: { url: '', clientId: '', extendedRetries: false },
  });
  const chosen = useWatch({ control: form.control, name: 'clientId' }) || clientIds[0] || '';
  const add = useAddEndpoint();
  const submit = form.handleSubmit((values) => add.mutate(addEndpointRequest(values, chosen), { onSuccess: () => form.resetField('url') }));
  return (
    <section className="pr-card" aria-labelledby="endpoint-title">
      <h2 id="endpoint-title">{t('webhooks.new')}</h2>
      <form className="form-grid" onSubmit={(e) => void submit(e)}>
        <Field control={form.control} name="url" label={t('webhooks.url')} type="url" required />
        <ClientIdPicker
          id="endpoint-client"
          clientIds={clientIds}
          value={chosen}
          onChange={(clientId) => form.setValue('clientId', clientId)}
        />
        <label className="checkbox">
          <input type="checkbox" {...form.register('extendedRetries')} />
          {t('webhooks.extended_retries')}
        </label>
        <Button type="submit" disabled={add.isPending || !chosen}>
          {t('webhooks.add')}
        </Button>
      </form>
      {clientIds.length === 0 && <p>{t('webhooks.need_client_id')}</p>}
      {add.error && <Alert>{t('webhooks.add_failed', { reason: add.error.message })}</Alert>}
      {add.data && (
        <div className="created" role="status">
          <p>{t('webhooks.secret_once')}</p>
          <p className="mono break" data-field="webhook-secret">
            {add.data.secret}
          </p>
          <CopyButton value={add.data.secret} label={t('webhooks.copy_secret')} />
        </div>
      )}
    </section>
  );
}

export function ClientIdPicker({
  id,
  clientIds,
  value,
  onChange,
  any,
}: {
  id: string;
  clientIds: string[];
  value: string;
  onChange: (v: string) => void;
  any?: boolean;
}) {
  return (
    <div className="pr-field">
      <label htmlFor={id}>{t('webhooks.client_id')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {any && <option value="">{t('filter.any')}</option>}
        {clientIds.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
