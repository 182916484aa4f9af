import { Alert, Button, Status } from '@payrail/web';
import { Fragment, useState } from 'react';
import type { AuthSchemas } from '../api';
import { EVENT_TYPES } from '../lib/events';
import { dateTime, localInput } from '../lib/format';
import type { CursorPages } from '../lib/paging';
import { t } from '../messages';
import { type DeliveryFilters, useDeliveries, useRedeliver, useRefreshWebhooks } from '../queries/webhooks';
import { DELIVERY_STATUSES, webhooksSearch } from '../router/search';
import { DataTable } from './DataTable';
import { ClientIdPicker } from './EndpointForm';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

type Delivery = AuthSchemas['DeliveryLogItemDto'];
/**
 * The delivery log across the platform's endpoints: filters, payload and every attempt of each
 * delivery, redeliver one. Filters and page are the screen's URL state (`filters`, `pages`); a
 * changed filter goes back through `onFilters` (page 1).
 */
export function DeliveryLog({
  endpoints,
  clientIds,
  filters,
  pages,
  onFilters,
}: {
  endpoints: AuthSchemas['PlatformEndpointDto'][];
  clientIds: string[];
  filters: DeliveryFilters;
  pages: CursorPages;
  onFilters: (filters: DeliveryFilters) => void;
}) {
  const [open, setOpen] = useState<string>();
  const log = useDeliveries(filters, pages.cursor);
  const redeliver = useRedeliver();
  const refresh = useRefreshWebhooks();
  // An option the URL schema refuses (none should be offered) is dropped rather than sent.
  const set = (name: keyof DeliveryFilters) => (value: string) => {
    onFilters(webhooksSearch.omit({ cursors: true }).parse({ ...filters, [name]: value || undefined }));
  };
  const rows = log.data?.data ?? [];
  return (
    <section aria-labelledby="log-title">
      <div className="screen-head">
        <h2 id="log-title">{t('webhooks.log')}</h2>
        <Button variant="secondary" onClick={refresh}>
          {t('webhooks.refresh')}
        </Button>
      </div>
      <div className="filters">
        <Select id="log-status" label={t('field.status')} value={filters.status} options={DELIVERY_STATUSES} onChange={set('status')} />
        <Select id="log-event" label={t('col.event')} value={filters.eventType} options={EVENT_TYPES} onChange={set('eventType')} />
        <Select
          id="log-endpoint"
          label={t('col.endpoint')}
          value={filters.webhookId}
          options={endpoints.map((e) => e.id)}
          names={Object.fromEntries(endpoints.map((e) => [e.id, e.url]))}
          onChange={set('webhookId')}
        />
        <ClientIdPicker id="log-client" any clientIds={clientIds} value={filters.clientId ?? ''} onChange={set('clientId')} />
        <div className="pr-field">
          <label htmlFor="log-from">{t('webhooks.since')}</label>
          <input
            id="log-from"
            type="datetime-local"
            defaultValue={filters.from ? localInput(new Date(filters.from)) : ''}
            onChange={(e) => set('from')(e.target.value ? new Date(e.target.value).toISOString() : '')}
          />
        </div>
      </div>
      <QueryState query={log} />
      {redeliver.error && <Alert>{t('webhooks.redeliver_failed', { reason: redeliver.error.message })}</Alert>}
      {redeliver.data && <Status>{t('webhooks.redelivered')}</Status>}
      <DataTable
        caption={t('webhooks.log')}
        columns={[
          t('col.created'),
          t('col.event'),
          t('col.endpoint'),
          t('col.status'),
          t('col.attempts'),
          t('col.last_code'),
          t('webhooks.next_retry'),
          t('col.actions'),
        ]}
        rowCount={rows.length}
        empty={t('webhooks.log_empty')}
      >
        {rows.map((d) => (
          <Fragment key={d.id}>
            <tr>
              <td>{dateTime(d.createdAt)}</td>
              <td>
                {d.eventType}
                {d.test && <span className="badge">{t('webhooks.test_badge')}</span>}
              </td>
              <td className="mono break">{d.url}</td>
              <td>{d.status}</td>
              <td>{d.attemptCount}</td>
              <td>{d.lastStatusCode ?? d.lastError ?? '—'}</td>
              <td>{dateTime(d.nextRetryAt)}</td>
              <td className="actions">
                <Button
                  variant="secondary"
                  aria-expanded={open === d.id}
                  aria-controls={`delivery-${d.id}`}
                  onClick={() => setOpen(open === d.id ? undefined : d.id)}
                >
                  {t('webhooks.details')}
                </Button>
                <Button variant="secondary" disabled={redeliver.isPending || d.status === 'pending'} onClick={() => redeliver.mutate(d.id)}>
                  {t('webhooks.redeliver')}
                </Button>
              </td>
            </tr>
            {open === d.id && (
              <tr id={`delivery-${d.id}`}>
                <td colSpan={8}>
                  <Attempts delivery={d} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </DataTable>
      <Pager pages={pages} nextCursor={log.data?.nextCursor} />
    </section>
  );
}

function Attempts({ delivery }: { delivery: Delivery }) {
  return (
    <div className="delivery-detail">
      <DataTable
        caption={t('webhooks.attempts', { id: delivery.id })}
        columns={[
          t('webhooks.round'),
          t('webhooks.retry'),
          t('webhooks.started'),
          t('col.last_code'),
          t('webhooks.duration'),
          t('webhooks.response'),
        ]}
        rowCount={delivery.attempts.length}
      >
        {delivery.attempts.map((a, i) => (
          <tr key={i}>
            <td>{a.round}</td>
            <td>{a.retryCount}</td>
            <td>{dateTime(a.startedAt)}</td>
            <td>{a.statusCode ?? a.error ?? '—'}</td>
            <td>{t('webhooks.ms', { ms: a.durationMs })}</td>
            <td className="mono break">{a.responseBodyHead ?? ''}</td>
          </tr>
        ))}
      </DataTable>
      <h3>{t('webhooks.payload')}</h3>
      <pre className="payload" tabIndex={0}>
        {JSON.stringify(delivery.payload, null, 2)}
      </pre>
    </div>
  );
}

function Select({
  id,
  label,
  value,
  options,
  names,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: readonly string[];
  names?: Record<string, string>;
  onChange: (v: string) => void;
}) {
  return (
    <div className="pr-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('filter.any')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {names?.[o] ?? o}
          </option>
        ))}
      </select>
    </div>
  );
}
