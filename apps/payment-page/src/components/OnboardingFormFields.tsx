import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, TextField } from '@payrail/web';
import { Controller, useForm } from 'react-hook-form';
import type { Currency, PlatformClientId } from '../api';
import { type MessageKey, t } from '../messages';
import { type OnboardingForm, onboardingFormSchema } from '../onboarding/onboarding-form';

/**
 * The onboarding form (react-hook-form, validated by onboardingFormSchema): the Client ID (a choice
 * unless the intent names it), payout wallet and currency; `onSubmit` gets the valid values.
 */
export function OnboardingFormFields({
  defaults,
  clientIds,
  fixedClientId,
  currencies,
  orchestrator,
  pending,
  onSubmit,
}: {
  defaults: OnboardingForm;
  clientIds: readonly PlatformClientId[];
  fixedClientId: string | null;
  currencies: readonly Currency[];
  orchestrator: string;
  pending: boolean;
  onSubmit: (form: OnboardingForm) => void;
}) {
  const { control, register, handleSubmit, formState } = useForm<OnboardingForm>({
    resolver: zodResolver(onboardingFormSchema),
    defaultValues: defaults,
  });
  const problem = (field: keyof OnboardingForm) => {
    const key = formState.errors[field]?.message;
    return key ? <Alert>{t(key as MessageKey)}</Alert> : null;
  };
  return (
    <form className="onboarding-form" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {!fixedClientId && (
        <div className="pr-field">
          <label htmlFor="onboarding-client-id">{t('onboarding.client_id')}</label>
          <select id="onboarding-client-id" {...register('clientId')}>
            {clientIds.map((c) => (
              <option key={c.clientId} value={c.clientId}>
                {c.label ? `${c.label} (${c.clientId})` : c.clientId}
              </option>
            ))}
          </select>
        </div>
      )}
      <Controller
        control={control}
        name="destinationWalletAddress"
        render={({ field }) => (
          <TextField
            label={t('onboarding.destination')}
            hint={t('onboarding.destination_hint', { orchestrator })}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            aria-invalid={formState.errors.destinationWalletAddress ? true : undefined}
            required
            spellCheck={false}
            autoComplete="off"
          />
        )}
      />
      {problem('destinationWalletAddress')}
      <div className="pr-field">
        <label htmlFor="onboarding-currency">{t('onboarding.currency')}</label>
        <select id="onboarding-currency" {...register('currency')}>
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.symbol} on ${c.network}`}
            </option>
          ))}
        </select>
      </div>
      {problem('currency')}
      <Button type="submit" disabled={pending}>
        {pending ? t('onboarding.submitting') : t('onboarding.submit', { orchestrator })}
      </Button>
    </form>
  );
}
