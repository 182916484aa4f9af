import { Alert, Button, TextField } from '@payrail/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApis } from '../api';
import { must } from '../lib/api-call';
import { dateTime } from '../lib/format';
import { useCursorPages } from '../lib/paging';
import { t } from '../messages';
import { CopyButton } from './CopyButton';
import { DataTable } from './DataTable';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/** API keys: "Create API key" shows the secret once (copy it then), the list by prefix, revoke. */
export function ApiKeys() {
  const { auth } = useApis();
  const queries = useQueryClient();
  const [prefix, setPrefix] = useState('');
  const pages = useCursorPages(prefix);
  const list = useQuery({
    queryKey: ['api-keys', prefix, pages.cursor],
    placeholderData: keepPreviousData,
    queryFn: () =>
      must(auth.GET('/v1/api-keys', { params: { query: { prefix: prefix.trim() || undefined, cursor: pages.cursor, limit: 25 } } })),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ['api-keys'] });
  const create = useMutation({ mutationFn: () => must(auth.POST('/v1/api-keys')), onSuccess: refresh });
  const revoke = useMutation({
    mutationFn: (p: string) => must(auth.DELETE('/v1/api-keys/{prefix}', { params: { path: { prefix: p } } })),
    onSuccess: refresh,
  });
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
      <TextField label={t('dev.prefix_filter')} value={prefix} onChange={(e) => setPrefix(e.target.value)} />
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
