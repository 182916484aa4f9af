import { Alert, Button, Status } from '@payrail/web';
import { useState } from 'react';
import type { AuthSchemas } from '../api';
import { localInput } from '../lib/format';
import { t } from '../messages';
import { useRecoverDeliveries } from '../queries/webhooks';

type Endpoint = AuthSchemas['PlatformEndpointDto'];

/**
 * "Redeliver failed since": POST /v1/webhook/{id}/recover {since, status: 'failed'} with the session
 * and the endpoint's x-client-id; every failed delivery of the endpoint created since then opens a
 * new round on the recovery lane, and the answer's count is shown.
 */
export function RecoverDeliveries({ endpoints }: { endpoints: Endpoint[] }) {
  const [webhookId, setWebhookId] = useState('');
  const [since, setSince] = useState(() => localInput(new Date(Date.now() - 86_400_000)));
  const chosen = endpoints.find((e) => e.id === webhookId) ?? endpoints[0];
  const recover = useRecoverDeliveries();
  return (
    <section className="pr-card" aria-labelledby="recover-title">
      <h2 id="recover-title">{t('webhooks.recover_title')}</h2>
      <div className="form-grid">
        <div className="pr-field">
          <label htmlFor="recover-endpoint">{t('webhooks.endpoint')}</label>
          <select id="recover-endpoint" value={chosen?.id ?? ''} onChange={(e) => setWebhookId(e.target.value)}>
            {endpoints.map((e) => (
              <option key={e.id} value={e.id}>
                {e.url}
              </option>
            ))}
          </select>
        </div>
        <div className="pr-field">
          <label htmlFor="recover-since">{t('webhooks.failed_since')}</label>
          <input id="recover-since" type="datetime-local" required value={since} onChange={(e) => setSince(e.target.value)} />
        </div>
        <Button
          disabled={recover.isPending || !chosen || !since}
          onClick={() => chosen && recover.mutate({ endpoint: chosen, since: new Date(since).toISOString() })}
        >
          {t('webhooks.recover')}
        </Button>
      </div>
      {recover.error && <Alert>{t('webhooks.recover_failed', { reason: recover.error.message })}</Alert>}
      {recover.data && <Status>{t('webhooks.recovered', { queued: recover.data.queued })}</Status>}
    </section>
  );
}
