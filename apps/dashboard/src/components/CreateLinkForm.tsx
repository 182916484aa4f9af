import { Alert, Button, TextField } from '@payrail/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import { t } from '../messages';
import { CopyButton } from './CopyButton';
import { CurrencyOptions, useNetworkCurrencies } from './CurrencyOptions';
import { QrCode } from './QrCode';

const EXPIRIES = [
  { seconds: 3600, label: 'links.expiry_hour' },
  { seconds: 86400, label: 'links.expiry_day' },
  { seconds: 7 * 86400, label: 'links.expiry_week' },
  { seconds: 30 * 86400, label: 'links.expiry_month' },
] as const;

type Body = PaymentsSchemas['CreateSecurePaymentDto'];

/**
 * "Create payment link": POST /v2/secure-payments by session (the platform owns the link). The
 * currencies offered are the API's (GET /v2/currencies by session) for the chosen network, and
 * for the invoice currency also its fiat currencies; any currency id may still be typed.
 */
export function CreateLinkForm({ defaultPayee }: { defaultPayee?: string }) {
  const { payments, runtime } = useApis();
  const queries = useQueryClient();
  const [f, setF] = useState<Record<string, string>>({
    payee: defaultPayee ?? '',
    expiresIn: String(86400),
    screening: 'off',
    network: runtime.networks[0]?.network ?? '',
  });
  const [hidePayee, setHidePayee] = useState(false);
  const set = (name: string) => (e: { target: { value: string } }) => setF({ ...f, [name]: e.target.value });
  const onNetwork = useNetworkCurrencies(f.network);
  const fiat = useNetworkCurrencies('fiat');
  const create = useMutation({
    mutationFn: () => {
      const allowed = (f.allowed ?? '').split(/[\s,]+/).filter(Boolean);
      const body: Body = {
        requests: [
          {
            payee: f.payee.trim(),
            amount: f.amount.trim(),
            invoiceCurrency: (f.invoiceCurrency || f.paymentCurrency).trim(),
            paymentCurrency: f.paymentCurrency.trim(),
          },
        ],
        expiresIn: Number(f.expiresIn),
        ...(f.reference ? { reference: f.reference } : {}),
        ...(f.redirectUrl ? { redirectUrl: f.redirectUrl, ...(f.redirectLabel ? { redirectLabel: f.redirectLabel } : {}) } : {}),
        ...(f.color || f.logo
          ? { branding: { ...(f.color ? { primaryActionColor: f.color } : {}), ...(f.logo ? { logoPath: f.logo } : {}) } }
          : {}),
        accessPolicy: {
          screening: f.screening as 'off' | 'kyt_all_wallets',
          hidePayeeAddress: hidePayee,
          ...(allowed.length ? { allowedPayerAddresses: allowed } : {}),
        },
      };
      return must(payments.POST('/v2/secure-payments', { body }));
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ['links'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="pr-card" aria-labelledby="create-link-title">
      <h2 id="create-link-title">{t('links.new')}</h2>
      <form className="form-grid" onSubmit={submit}>
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
          <label htmlFor="link-network">{t('field.network')}</label>
          <select id="link-network" value={f.network} onChange={set('network')}>
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
          list="network-currencies"
          value={f.paymentCurrency ?? ''}
          onChange={set('paymentCurrency')}
          hint={t('links.currency_hint')}
        />
        <TextField
          label={t('links.invoice_currency')}
          list="invoice-currencies"
          value={f.invoiceCurrency ?? ''}
          onChange={set('invoiceCurrency')}
          hint={t('links.invoice_hint')}
        />
        <CurrencyOptions id="network-currencies" currencies={onNetwork.data ?? []} />
        <CurrencyOptions id="invoice-currencies" currencies={[...(onNetwork.data ?? []), ...(fiat.data ?? [])]} />
        <div className="pr-field">
          <label htmlFor="link-expiry">{t('links.expiry')}</label>
          <select id="link-expiry" value={f.expiresIn} onChange={set('expiresIn')}>
            {EXPIRIES.map((e) => (
              <option key={e.seconds} value={e.seconds}>
                {t(e.label)}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t('field.reference')} value={f.reference ?? ''} onChange={set('reference')} />
        <TextField label={t('links.redirect_url')} type="url" value={f.redirectUrl ?? ''} onChange={set('redirectUrl')} />
        <TextField label={t('links.redirect_label')} value={f.redirectLabel ?? ''} onChange={set('redirectLabel')} />
        <TextField
          label={t('links.brand_color')}
          pattern="#[0-9a-fA-F]{6}"
          value={f.color ?? ''}
          onChange={set('color')}
          hint={t('links.brand_color_hint')}
        />
        <TextField label={t('links.logo')} value={f.logo ?? ''} onChange={set('logo')} hint={t('links.logo_hint')} />
        <TextField label={t('links.allowed_payers')} value={f.allowed ?? ''} onChange={set('allowed')} hint={t('links.allowed_hint')} />
        <div className="pr-field">
          <label htmlFor="link-screening">{t('links.screening')}</label>
          <select id="link-screening" value={f.screening} onChange={set('screening')}>
            <option value="off">{t('links.screening_off')}</option>
            <option value="kyt_all_wallets">{t('links.screening_kyt')}</option>
          </select>
        </div>
        <label className="check">
          <input type="checkbox" checked={hidePayee} onChange={(e) => setHidePayee(e.target.checked)} /> {t('links.hide_payee')}
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
