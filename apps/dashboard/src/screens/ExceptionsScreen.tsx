import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { PaymentsSchemas } from '../api';
import { CopyButton } from '../components/CopyButton';
import { DataTable } from '../components/DataTable';
import { QueryState } from '../components/QueryState';
import { RefundDialog } from '../components/RefundDialog';
import {
  exceptionSettingsBody,
  exceptionSettingsForm,
  exceptionSettingsFormOf,
  type ExceptionSettingsValues,
} from '../forms/exception-settings-body';
import { Field } from '../forms/Field';
import { dateTime, money } from '../lib/format';
import { t } from '../messages';
import {
  useAcceptException,
  useExceptionSettings,
  useOpenExceptions,
  useRequestRemainder,
  useSaveExceptionSettings,
} from '../queries/exceptions';

type Exception = PaymentsSchemas['PaymentExceptionDto'];

/** What arrived, in the token that arrived (another token's contract for wrong_token). */
const receivedOf = (e: Exception): string => (e.token ? `${e.receivedAmount} (${e.token})` : money(e.receivedAmount, e.paymentCurrency));

/** Exceptions: the platform's open payment exceptions and the decisions on them, and its tolerance and late window (docs/exceptions.md). */
export function ExceptionsScreen() {
  return (
    <section aria-labelledby="exceptions-title">
      <h1 id="exceptions-title">{t('nav.exceptions')}</h1>
      <p>{t('exc.intro')}</p>
      <OpenExceptions />
      <ExceptionSettings />
    </section>
  );
}

function OpenExceptions() {
  const list = useOpenExceptions();
  const accept = useAcceptException();
  const remainder = useRequestRemainder();
  const rows = list.data ?? [];
  const busy = accept.isPending || remainder.isPending;
  const link = remainder.data?.remainder;
  return (
    <section aria-labelledby="open-exceptions-title">
      <h2 id="open-exceptions-title">{t('exc.open')}</h2>
      <QueryState query={list} />
      {accept.isSuccess && <p role="status">{t('exc.accepted')}</p>}
      {link && (
        <p role="status" className="pr-card">
          {t('exc.remainder_link', { amount: money(link.amount, link.paymentCurrency) })}:{' '}
          <a className="break" href={link.securePaymentUrl}>
            {link.securePaymentUrl}
          </a>{' '}
          <CopyButton value={link.securePaymentUrl} label={t('exc.copy_link')} />
        </p>
      )}
      {(accept.error ?? remainder.error) && <Alert>{t('exc.failed', { reason: (accept.error ?? remainder.error)!.message })}</Alert>}
      <DataTable
        caption={t('exc.open')}
        columns={[t('exc.kind'), t('exc.request'), t('exc.expected'), t('exc.received'), t('exc.detected'), t('col.actions')]}
        rowCount={rows.length}
        empty={t('exc.empty')}
      >
        {rows.map((e) => {
          const amount = receivedOf(e);
          return (
            <tr key={e.id}>
              <td>{e.kind}</td>
              <td className="mono">
                <Link to="/payments/$requestId" params={{ requestId: e.requestId }} className="break">
                  {e.requestId.slice(0, 12)}…
                </Link>
              </td>
              <td>{money(e.expectedAmount, e.paymentCurrency)}</td>
              <td>{amount}</td>
              <td>{dateTime(e.detectedAt)}</td>
              <td className="actions">
                {e.kind !== 'wrong_token' && e.kind !== 'unsweepable' && (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => accept.mutate(e.id)}
                    aria-label={t('exc.accept_one', { kind: e.kind, amount })}
                  >
                    {t('exc.accept')}
                  </Button>
                )}
                {e.kind === 'underpaid' && (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => remainder.mutate(e.id)}
                    aria-label={t('exc.remainder_one', { kind: e.kind, amount })}
                  >
                    {t('exc.remainder')}
                  </Button>
                )}
                {e.kind !== 'wrong_token' && e.kind !== 'unsweepable' && (
                  <RefundDialog
                    requestId={e.requestId}
                    currency={e.paymentCurrency}
                    exceptionId={e.id}
                    label={t('refund.open_one', { kind: e.kind, amount })}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}

function ExceptionSettings() {
  const query = useExceptionSettings();
  const save = useSaveExceptionSettings();
  return (
    <section aria-labelledby="exception-settings-title">
      <h2 id="exception-settings-title">{t('exc.settings')}</h2>
      <p>{t('exc.settings_intro')}</p>
      <QueryState query={query} />
      {query.data && <SettingsForm key={query.data.updatedAt ?? 'none'} settings={query.data} save={save} />}
    </section>
  );
}

function SettingsForm({
  settings,
  save,
}: {
  settings: PaymentsSchemas['ExceptionSettingsResponseDto'];
  save: ReturnType<typeof useSaveExceptionSettings>;
}) {
  const form = useForm<ExceptionSettingsValues>({
    resolver: zodResolver(exceptionSettingsForm),
    defaultValues: exceptionSettingsFormOf(settings),
  });
  const { control, register } = form;
  const submit = form.handleSubmit((values) => save.mutate(exceptionSettingsBody(values)));
  return (
    <form className="pr-card form-grid" onSubmit={(e) => void submit(e)} aria-label={t('exc.settings')}>
      <div className="pr-field">
        <label htmlFor="tolerance-kind">{t('exc.tolerance_kind')}</label>
        <select id="tolerance-kind" {...register('toleranceKind')}>
          <option value="none">{t('exc.tolerance_none')}</option>
          <option value="percent">{t('exc.tolerance_percent')}</option>
          <option value="amount">{t('exc.tolerance_amount')}</option>
        </select>
      </div>
      <Field control={control} name="tolerance" label={t('exc.tolerance')} hint={t('exc.tolerance_hint')} inputMode="decimal" />
      <Field
        control={control}
        name="lateWindowMinutes"
        label={t('exc.late_window')}
        hint={t('exc.late_window_hint')}
        inputMode="numeric"
        required
      />
      <Button type="submit" disabled={save.isPending}>
        {t('exc.save')}
      </Button>
      {save.isSuccess && <p role="status">{t('exc.saved')}</p>}
      {save.error && <Alert>{t('dev.save_failed', { reason: save.error.message })}</Alert>}
    </form>
  );
}
