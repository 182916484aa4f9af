import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useForm } from 'react-hook-form';
import type { PaymentsSchemas } from '../api';
import { Field } from '../forms/Field';
import { feeConfigBody, feeConfigForm, feeConfigFormOf, type FeeConfigValues } from '../forms/fee-config-body';
import { t } from '../messages';
import { useFeeConfig, useSaveFeeConfig } from '../queries/fee-config';
import { QueryState } from './QueryState';

/** The platform's fee configuration: applied to every payment link created afterwards (docs/fee-plans.md). */
export function FeeConfig() {
  const query = useFeeConfig();
  // Held here: saving refreshes the configuration, which remounts the form with it (the key).
  const save = useSaveFeeConfig();
  return (
    <section aria-labelledby="fee-config-title">
      <h2 id="fee-config-title">{t('dev.fee_config')}</h2>
      <p>{t('dev.fee_config_intro')}</p>
      <QueryState query={query} />
      {query.data && <FeeConfigForm key={query.data.feeConfig?.updatedAt ?? 'none'} config={query.data.feeConfig} save={save} />}
    </section>
  );
}

type Save = ReturnType<typeof useSaveFeeConfig>;

function FeeConfigForm({ config, save }: { config: PaymentsSchemas['FeeConfigResponseDto'] | null; save: Save }) {
  const form = useForm<FeeConfigValues>({ resolver: zodResolver(feeConfigForm), defaultValues: feeConfigFormOf(config) });
  const { control, register } = form;
  const submit = form.handleSubmit((values) => save.mutate(feeConfigBody(values)));
  return (
    <form className="pr-card form-grid" onSubmit={(e) => void submit(e)} aria-label={t('dev.fee_config')}>
      <Field control={control} name="bps" label={t('dev.fee_bps')} hint={t('dev.fee_bps_hint')} inputMode="numeric" required />
      <Field control={control} name="usdCap" label={t('dev.fee_cap')} hint={t('dev.fee_cap_hint')} inputMode="decimal" />
      <div className="pr-field">
        <label htmlFor="fee-bearer">{t('dev.fee_bearer')}</label>
        <select id="fee-bearer" {...register('feeBearer')}>
          <option value="payer">{t('dev.fee_bearer_payer')}</option>
          <option value="payee">{t('dev.fee_bearer_payee')}</option>
        </select>
      </div>
      <Field control={control} name="evmAddress" label={t('dev.fee_evm_address')} />
      <Field control={control} name="tronAddress" label={t('dev.fee_tron_address')} />
      <label className="check">
        <input type="checkbox" {...register('active')} /> {t('dev.active')}
      </label>
      <Button type="submit" disabled={save.isPending}>
        {t('dev.fee_save')}
      </Button>
      {save.isSuccess && <p role="status">{t('dev.fee_saved')}</p>}
      {save.error && <Alert>{t('dev.save_failed', { reason: save.error.message })}</Alert>}
    </form>
  );
}
