import { Alert, Button, TextField } from '@payrail/web';
import { useState } from 'react';
import { dateTime } from '../lib/format';
import type { CursorPages } from '../lib/paging';
import { t } from '../messages';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../queries/api-keys';
import { CopyButton } from './CopyButton';
import { DataTable } from './DataTable';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/** API keys: "Create API key" shows the secret once (copy it then), the list by prefix, revoke. */
export function ApiKeys({
  prefix,
  pages,
  onPrefix,
}: {
  prefix: string | undefined;
  pages: CursorPages;
  onPrefix: (prefix: string | undefined) => void;
}) {
  // The field follows each keystroke; the URL (and the list) take the trimmed prefix.
  const [draft, setDraft] = useState(prefix ?? '');
  const list = useApiKeys(prefix, pages.cursor);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="api-keys-title">
      <div className="screen-head">
        <h2 id="api-keys-title">{t('dev.api_keys')}</h2>
        <Button disabled={create.isPending} onClick={() => create.mutate()}>
          {t('dev.create_api_key')}
        </Button>
      </div>
      {create.error && <Alert>{t('dev.create_key_failed', { reason: create.error.message })}</Alert>}
      {create.data && (
        <div className="created pr-card" role="status">
          <p>{t('dev.key_once')}</p>
          <p className="mono break" data-field="api-key">
            {create.data.apiKey}
          </p>
          <CopyButton value={create.data.apiKey} label={t('dev.copy_key')} />
        </div>
      )}
      <TextField
        label={t('dev.prefix_filter')}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          onPrefix(e.target.value.trim() || undefined);
        }}
      />
      <QueryState query={list} />
      {revoke.error && <Alert>{t('dev.revoke_failed', { reason: revoke.error.message })}</Alert>}
      <DataTable
        caption={t('dev.api_keys')}
        columns={[t('dev.prefix'), t('col.created'), t('dev.revoked'), t('col.actions')]}
        rowCount={rows.length}
        empty={t('dev.api_keys_empty')}
      >
        {rows.map((k) => (
          <tr key={k.id}>
            <td className="mono">{k.prefix}</td>
            <td>{dateTime(k.createdAt)}</td>
            <td>{dateTime(k.revokedAt)}</td>
            <td>
              {!k.revokedAt && (
                <Button
                  variant="secondary"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(k.prefix)}
                  aria-label={t('dev.revoke_key', { prefix: k.prefix })}
                >
                  {t('dev.revoke')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </section>
  );
}
