import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useForm } from 'react-hook-form';
import { CopyButton } from '../components/CopyButton';
import { CurrencyOptions } from '../components/CurrencyOptions';
import { DataTable } from '../components/DataTable';
import { QueryState } from '../components/QueryState';
import { createDestinationBody, destinationForm, type DestinationValues, emptyDestination } from '../forms/destination-body';
import { Field } from '../forms/Field';
import { dateTime } from '../lib/format';
import { t } from '../messages';
import { useAddDestination, useDeactivateDestination, useDestinationCurrencies, useDestinations } from '../queries/destinations';
import { useSignedIn } from '../session/signed-in';

/** Destinations: where the platform is paid (wallet, network, USDC or USDT), added and deactivated by a wallet session, as the API requires. */
export function DestinationsScreen() {
  const session = useSignedIn();
  return (
    <section aria-labelledby="destinations-title">
      <h1 id="destinations-title">{t('nav.destinations')}</h1>
      {session.kind === 'wallet' ? <Destinations /> : <p className="pr-card">{t('dest.wallet_only')}</p>}
    </section>
  );
}

function Destinations() {
  const list = useDestinations();
  const deactivate = useDeactivateDestination();
  const rows = list.data ?? [];
  return (
    <>
      <DestinationForm />
      <QueryState query={list} />
      {deactivate.error && <Alert>{t('dest.deactivate_failed', { reason: deactivate.error.message })}</Alert>}
      <DataTable
        caption={t('nav.destinations')}
        columns={[t('dev.label'), t('dest.id'), t('dest.network'), t('dest.currency'), t('col.status'), t('col.created'), t('col.actions')]}
        rowCount={rows.length}
        empty={t('dest.empty')}
      >
        {rows.map((d) => (
          <tr key={d.id}>
            <td>{d.label ?? '—'}</td>
            <td className="mono">
              <span className="break">{d.destinationId}</span> <CopyButton value={d.destinationId} label={t('dest.copy_id')} />
            </td>
            <td>{d.network}</td>
            <td>{d.currency}</td>
            <td>{d.active ? t('dest.active') : t('dest.inactive')}</td>
            <td>{dateTime(d.createdAt)}</td>
            <td className="actions">
              {d.active && (
                <Button
                  variant="secondary"
                  disabled={deactivate.isPending}
                  onClick={() => deactivate.mutate(d.destinationId)}
                  aria-label={t('dest.deactivate_one', { label: d.label ?? d.walletAddress })}
                >
                  {t('dest.deactivate')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

function DestinationForm() {
  const form = useForm<DestinationValues>({ resolver: zodResolver(destinationForm), defaultValues: emptyDestination() });
  const { control } = form;
  const currencies = useDestinationCurrencies();
  const add = useAddDestination();
  const submit = form.handleSubmit((values) =>
    add.mutate(createDestinationBody(values), { onSuccess: () => form.reset(emptyDestination()) }),
  );
  return (
    <form className="pr-card form-grid" onSubmit={(e) => void submit(e)} aria-label={t('dest.add_title')}>
      <Field control={control} name="walletAddress" label={t('dest.wallet')} hint={t('dest.wallet_hint')} className="mono" />
      <Field
        control={control}
        name="currency"
        label={t('dest.currency')}
        hint={t('dest.currency_hint')}
        required
        list="destination-currencies"
      />
      <CurrencyOptions id="destination-currencies" currencies={currencies.data ?? []} />
      <Field control={control} name="label" label={t('dev.label')} maxLength={100} />
      <Button type="submit" disabled={add.isPending}>
        {t('dest.add')}
      </Button>
      {add.error && <Alert>{t('dest.add_failed', { reason: add.error.message })}</Alert>}
    </form>
  );
}
