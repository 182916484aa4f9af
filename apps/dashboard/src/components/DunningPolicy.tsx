import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useForm } from 'react-hook-form';
import type { PaymentsSchemas } from '../api';
import { Field } from '../forms/Field';
import { dunningPolicyBody, dunningPolicyForm, dunningPolicyFormOf, type DunningPolicyValues } from '../forms/dunning-policy-body';
import { t } from '../messages';
import { useDunningPolicy, useSaveDunningPolicy } from '../queries/recurring';
import { QueryState } from './QueryState';

/** The platform's dunning policy: when failed recurring payments are retried, then past due, then cancelled (docs/api/recurring-payments.md). */
export function DunningPolicy() {
  const query = useDunningPolicy();
  const save = useSaveDunningPolicy();
  return (
    <section aria-labelledby="dunning-title">
      <h2 id="dunning-title">{t('recurring.dunning')}</h2>
      <p>{t('recurring.dunning_intro')}</p>
      <QueryState query={query} />
      {query.data && <DunningPolicyForm key={query.data.updatedAt ?? 'default'} policy={query.data} save={save} />}
    </section>
  );
}

type Save = ReturnType<typeof useSaveDunningPolicy>;

function DunningPolicyForm({ policy, save }: { policy: PaymentsSchemas['DunningPolicyResponseDto']; save: Save }) {
  const form = useForm<DunningPolicyValues>({ resolver: zodResolver(dunningPolicyForm), defaultValues: dunningPolicyFormOf(policy) });
  const { control } = form;
  const submit = form.handleSubmit((values) => save.mutate(dunningPolicyBody(values)));
  return (
    <form className="pr-card form-grid" onSubmit={(e) => void submit(e)} aria-label={t('recurring.dunning')}>
      <Field control={control} name="retryMinutes" label={t('recurring.retry_minutes')} hint={t('recurring.retry_minutes_hint')} required />
      <Field
        control={control}
        name="graceDays"
        label={t('recurring.grace_days')}
        hint={t('recurring.grace_days_hint')}
        inputMode="numeric"
        required
      />
      <Field
        control={control}
        name="cancelAfterDays"
        label={t('recurring.cancel_days')}
        hint={t('recurring.cancel_days_hint')}
        inputMode="numeric"
      />
      <Button type="submit" disabled={save.isPending}>
        {t('recurring.dunning_save')}
      </Button>
      {save.isSuccess && <p role="status">{t('recurring.dunning_saved')}</p>}
      {save.error && <Alert>{t('dev.save_failed', { reason: save.error.message })}</Alert>}
    </form>
  );
}
