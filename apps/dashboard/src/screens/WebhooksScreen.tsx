import { Alert, Button, Status } from '@payrail/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Session, useApis } from '../api';
import { DataTable } from '../components/DataTable';
import { DeliveryLog } from '../components/DeliveryLog';
import { ClientIdPicker, EndpointForm } from '../components/EndpointForm';
import { QueryState } from '../components/QueryState';
import { RecoverDeliveries } from '../components/RecoverDeliveries';
import { done, must } from '../lib/api-call';
import { EVENT_TYPES, type WebhookEventType } from '../lib/events';
import { dateTime } from '../lib/format';
import { t } from '../messages';

/**
 * Webhooks: endpoints of every Client ID of the platform (add with the secret shown once, toggle,
 * delete), a test event of any type to a Client ID's active endpoints, and the delivery log.
 */
export function WebhooksScreen({ session }: { session: Session }) {
  const { auth } = useApis();
  const queries = useQueryClient();
  const endpoints = useQuery({ queryKey: ['webhooks', 'endpoints'], queryFn: () => must(auth.GET('/v1/webhooks')) });
  // Client IDs are listed for a wallet session only (the API's rule); an e-mail session sees those its endpoints name.
  const owned = useQuery({
    queryKey: ['client-ids'],
    enabled: session.kind === 'wallet',
    queryFn: () => must(auth.GET('/v1/client-ids')),
  });
  const hooks = endpoints.data?.webhooks ?? [];
  const clientIds = [
    ...new Set([...(owned.data ?? []).filter((c) => c.status === 'active').map((c) => c.clientId), ...hooks.map((h) => h.clientId)]),
  ];
  const refresh = () => void queries.invalidateQueries({ queryKey: ['webhooks'] });
  const toggle = useMutation({
    mutationFn: (h: { id: string; clientId: string }) =>
      done(auth.PUT('/v1/webhook/{webhookId}', { params: { path: { webhookId: h.id } }, headers: { 'x-client-id': h.clientId } })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (h: { id: string; clientId: string }) =>
      done(auth.DELETE('/v1/webhook/{webhookId}', { params: { path: { webhookId: h.id } }, headers: { 'x-client-id': h.clientId } })),
    onSuccess: refresh,
  });
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
      <TestFire clientIds={clientIds} onFired={refresh} />
      {hooks.length > 0 && <RecoverDeliveries endpoints={hooks} />}
      <DeliveryLog endpoints={hooks} clientIds={clientIds} />
    </section>
  );
}

function TestFire({ clientIds, onFired }: { clientIds: string[]; onFired: () => void }) {
  const { auth } = useApis();
  const [clientId, setClientId] = useState('');
  const [eventType, setEventType] = useState<WebhookEventType>('payment.confirmed');
  const chosen = clientId || clientIds[0] || '';
  const fire = useMutation({
    mutationFn: () => must(auth.POST('/v1/webhook/test', { body: { eventType }, headers: { 'x-client-id': chosen } })),
    onSuccess: onFired,
  });
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
        <Button disabled={fire.isPending || !chosen} onClick={() => fire.mutate()}>
          {t('webhooks.test')}
        </Button>
      </div>
      {fire.error && <Alert>{t('webhooks.test_failed', { reason: fire.error.message })}</Alert>}
      {fire.data && <Status>{t('webhooks.test_result', { sent: fire.data.sent, failed: fire.data.failed })}</Status>}
    </section>
  );
}
