import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useForm, useWatch } from 'react-hook-form';
import { useApis } from '../api';
import { Field } from '../forms/Field';
import { createLinkBody, EXPIRIES, linkForm, type LinkFormInput, type LinkFormValues } from '../forms/link-body';
import { emptyRequestFields } from '../forms/request-fields';
import { RequestFields } from '../forms/RequestFields';
import { t } from '../messages';
import { useCreateLink } from '../queries/links';
import { CopyButton } from './CopyButton';
import { QrCode } from './QrCode';

const IDS = { network: 'link-network', networkCurrencies: 'network-currencies', invoiceCurrencies: 'invoice-currencies' };

/** "Create payment link": POST /v2/secure-payments by session (the platform owns the link); the link, a copy button and its QR code. */
export function CreateLinkForm({ defaultPayee }: { defaultPayee?: string }) {
  const { runtime } = useApis();
  const form = useForm<LinkFormInput, unknown, LinkFormValues>({
    resolver: zodResolver(linkForm),
    defaultValues: {
      ...emptyRequestFields(defaultPayee, runtime.networks[0]?.network),
      expiresIn: String(86400),
      reference: '',
      redirectUrl: '',
      redirectLabel: '',
      color: '',
      logo: '',
      allowed: '',
      screening: 'off',
      hidePayee: false,
    },
  });
  const { control, register } = form;
  const network = useWatch({ control, name: 'network' });
  const create = useCreateLink();
  const submit = form.handleSubmit((values) => create.mutate(createLinkBody(values)));
  return (
    <section className="pr-card" aria-labelledby="create-link-title">
      <h2 id="create-link-title">{t('links.new')}</h2>
      <form className="form-grid" onSubmit={(e) => void submit(e)}>
        <RequestFields ids={IDS} control={control} register={register} network={network} />
        <div className="pr-field">
          <label htmlFor="link-expiry">{t('links.expiry')}</label>
          <select id="link-expiry" {...register('expiresIn')}>
            {EXPIRIES.map((e) => (
              <option key={e.seconds} value={e.seconds}>
                {t(e.label)}
              </option>
            ))}
          </select>
        </div>
        <Field control={control} name="reference" label={t('field.reference')} />
        <Field control={control} name="redirectUrl" label={t('links.redirect_url')} type="url" />
        <Field control={control} name="redirectLabel" label={t('links.redirect_label')} />
        <Field control={control} name="color" label={t('links.brand_color')} pattern="#[0-9a-fA-F]{6}" hint={t('links.brand_color_hint')} />
        <Field control={control} name="logo" label={t('links.logo')} hint={t('links.logo_hint')} />
        <Field control={control} name="allowed" label={t('links.allowed_payers')} hint={t('links.allowed_hint')} />
        <div className="pr-field">
          <label htmlFor="link-screening">{t('links.screening')}</label>
          <select id="link-screening" {...register('screening')}>
            <option value="off">{t('links.screening_off')}</option>
            <option value="kyt_all_wallets">{t('links.screening_kyt')}</option>
          </select>
        </div>
        <label className="check">
          <input type="checkbox" {...register('hidePayee')} /> {t('links.hide_payee')}
        </label>
        <Button type="submit" disabled={create.isPending}>
          {t('links.create')}
        </Button>
      </form>
      {create.error && <Alert>{t('links.create_failed', { reason: create.error.message })}</Alert>}
      {create.data && (
        <div className="created" role="status">
          <p>{t('links.created')}</p>
          <p className="mono break" data-field="created-link">
            {create.data.securePaymentUrl}
          </p>
          <CopyButton value={create.data.securePaymentUrl} label={t('links.copy')} />
          <QrCode value={create.data.securePaymentUrl} label={t('links.qr')} />
        </div>
      )}
    </section>
  );
}
