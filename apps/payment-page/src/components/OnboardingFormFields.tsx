import { Button, TextField } from '@payrail/web';
import type { FormEvent } from 'react';
import type { Currency, PlatformClientId } from '../api';
import { t } from '../messages';
import type { OnboardingForm } from '../onboarding/onboarding-form';

/** The onboarding form: the Client ID (a choice unless the intent names it), payout wallet and currency. */
export function OnboardingFormFields({
  form,
  clientIds,
  fixedClientId,
  currencies,
  orchestrator,
  pending,
  onChange,
  onSubmit,
}: {
  form: OnboardingForm;
  clientIds: readonly PlatformClientId[];
  fixedClientId: string | null;
  currencies: readonly Currency[];
  orchestrator: string;
  pending: boolean;
  onChange: (form: OnboardingForm) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="onboarding-form" onSubmit={submit}>
      {!fixedClientId && (
        <div className="pr-field">
          <label htmlFor="onboarding-client-id">{t('onboarding.client_id')}</label>
          <select id="onboarding-client-id" value={form.clientId} onChange={(e) => onChange({ ...form, clientId: e.target.value })}>
            {clientIds.map((c) => (
              <option key={c.clientId} value={c.clientId}>
                {c.label ? `${c.label} (${c.clientId})` : c.clientId}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label={t('onboarding.destination')}
        hint={t('onboarding.destination_hint', { orchestrator })}
        value={form.destinationWalletAddress}
        required
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange({ ...form, destinationWalletAddress: e.target.value })}
      />
      <div className="pr-field">
        <label htmlFor="onboarding-currency">{t('onboarding.currency')}</label>
        <select id="onboarding-currency" value={form.currency} onChange={(e) => onChange({ ...form, currency: e.target.value })}>
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.symbol} on ${c.network}`}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? t('onboarding.submitting') : t('onboarding.submit', { orchestrator })}
      </Button>
    </form>
  );
}
