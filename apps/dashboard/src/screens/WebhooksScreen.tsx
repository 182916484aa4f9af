import { Alert, Button, Status } from '@payrail/web';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable } from '../components/DataTable';
import { DeliveryLog } from '../components/DeliveryLog';
import { ClientIdPicker, EndpointForm } from '../components/EndpointForm';
import { QueryState } from '../components/QueryState';
import { RecoverDeliveries } from '../components/RecoverDeliveries';
import { EVENT_TYPES, type WebhookEventType } from '../lib/events';
import { dateTime } from '../lib/format';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { useClientIds } from '../queries/client-ids';
import { useEndpoints, useFireTest, useRemoveEndpoint, useToggleEndpoint } from '../queries/webhooks';
import { useSignedIn } from '../session/signed-in';

const route = getRouteApi('/webhooks');

/**
 * Webhooks: endpoints of every Client ID of the platform (add with the secret shown once, toggle,
 * delete), a test event of any type to a Client ID's active endpoints, and the delivery log.
 */
export function WebhooksScreen() {
  const session = useSignedIn();
  const { cursors, ...filters } = route.useSearch();
  const navigate = route.useNavigate();
  const pages = cursorPages(cursors, (next) => void navigate({ search: (s) => ({ ...s, cursors: next }), resetScroll: false }));
  const endpoints = useEndpoints();
  // Client IDs are listed for a wallet session only (the API's rule); an e-mail session sees those its endpoints name.
  const owned = useClientIds(session.kind === 'wallet');
  const hooks = endpoints.data?.webhooks ?? [];
  const clientIds = [
    ...new Set([...(owned.data ?? []).filter((c) => c.status === 'active').map((c) => c.clientId), ...hooks.map((h) => h.clientId)]),
  ];
  const toggle = useToggleEndpoint();
  const remove = useRemoveEndpoint();
  const failure = toggle.error ?? remove.error;
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{t('nav.webhooks')}</h1>
      <EndpointForm clientIds={clientIds} />
      <h2>{t('webhooks.endpoints')}</h2>
      <QueryState query={endpoints} />
      {failure && <Alert>{t('webhooks.change_failed', { reason: failure.message })}</Alert>}
      <DataTable
        caption={t('webhooks.endpoints')}
        columns={[t('webhooks.url'), t('webhooks.client_id'), t('col.status'), t('col.created'), t('col.actions')]}
        rowCount={hooks.length}
        empty={t('webhooks.empty')}
      >
        {hooks.map((h) => (
          <tr key={h.id}>
            <td className="mono break">{h.url}</td>
            <td className="mono">{h.clientId}</td>
            <td>
              {h.isActive ? t('webhooks.active') : t('webhooks.inactive')}
              {h.disabledReason && (
                <small className="mark" data-field="disabled-mark">
                  {t(h.disabledReason === 'gone' ? 'webhooks.disabled_gone' : 'webhooks.disabled_failing', { at: dateTime(h.disabledAt) })}
                </small>
              )}
              {h.extendedRetries && (
                <small className="mark" data-field="extended-mark">
                  {t('webhooks.extended_badge')}
                </small>
              )}
            </td>
            <td>{dateTime(h.createdAt)}</td>
            <td className="actions">
              <Button
                variant="secondary"
                disabled={toggle.isPending}
                onClick={() => toggle.mutate(h)}
                aria-label={t(h.isActive ? 'webhooks.deactivate_one' : 'webhooks.activate_one', { url: h.url })}
              >
                {h.isActive ? t('webhooks.deactivate') : t('webhooks.activate')}
              </Button>
              <Button
                variant="secondary"
                disabled={remove.isPending}
                onClick={() => remove.mutate(h)}
                aria-label={t('webhooks.delete_one', { url: h.url })}
              >
                {t('webhooks.delete')}
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      <TestFire clientIds={clientIds} />
      {hooks.length > 0 && <RecoverDeliveries endpoints={hooks} />}
      <DeliveryLog
        endpoints={hooks}
        clientIds={clientIds}
        filters={filters}
        pages={pages}
        onFilters={(search) => void navigate({ search, resetScroll: false })}
      />
    </section>
  );
}

function TestFire({ clientIds }: { clientIds: string[] }) {
  const [clientId, setClientId] = useState('');
  const [eventType, setEventType] = useState<WebhookEventType>('payment.confirmed');
  const chosen = clientId || clientIds[0] || '';
  const fire = useFireTest();
  return (
    <section className="pr-card" aria-labelledby="test-title">
      <h2 id="test-title">{t('webhooks.test_title')}</h2>
      <div className="form-grid">
        <ClientIdPicker id="test-client" clientIds={clientIds} value={chosen} onChange={setClientId} />
        <div className="pr-field">
          <label htmlFor="test-event">{t('col.event')}</label>
          <select id="test-event" value={eventType} onChange={(e) => setEventType(e.target.value as WebhookEventType)}>
            {EVENT_TYPES.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <Button disabled={fire.isPending || !chosen} onClick={() => fire.mutate({ clientId: chosen, eventType })}>
          {t('webhooks.test')}
        </Button>
      </div>
      {fire.error && <Alert>{t('webhooks.test_failed', { reason: fire.error.message })}</Alert>}
      {fire.data && <Status>{t('webhooks.test_result', { sent: fire.data.sent, failed: fire.data.failed })}</Status>}
    </section>
  );
}
