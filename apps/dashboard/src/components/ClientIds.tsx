import { Alert, Button, TextField } from '@payrail/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AuthSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import { dateTime } from '../lib/format';
import { t } from '../messages';
import { CopyButton } from './CopyButton';
import { DataTable } from './DataTable';
import { QueryState } from './QueryState';

type ClientId = AuthSchemas['ClientIdResponse'];
const origins = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** Client IDs: create (label, allowed origins, fee), the list with the public id to copy, edit, revoke. */
export function ClientIds() {
  const { auth } = useApis();
  const queries = useQueryClient();
  const list = useQuery({ queryKey: ['client-ids'], queryFn: () => must(auth.GET('/v1/client-ids')) });
  const [editing, setEditing] = useState<ClientId>();
  const refresh = () => queries.invalidateQueries({ queryKey: ['client-ids'] });
  const revoke = useMutation({
    mutationFn: (id: string) => must(auth.DELETE('/v1/client-ids/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const rows = list.data ?? [];
  return (
    <section aria-labelledby="client-ids-title">
      <h2 id="client-ids-title">{t('dev.client_ids')}</h2>
      <ClientIdForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
      <QueryState query={list} />
      {revoke.error && <Alert>{t('dev.revoke_failed', { reason: revoke.error.message })}</Alert>}
      <DataTable
        caption={t('dev.client_ids')}
        columns={[
          t('dev.label'),
          t('dev.client_id'),
          t('dev.origins'),
          t('detail.fee'),
          t('col.status'),
          t('col.created'),
          t('col.actions'),
        ]}
        rowCount={rows.length}
        empty={t('dev.client_ids_empty')}
      >
        {rows.map((c) => (
          <tr key={c.id}>
            <td>{c.label}</td>
            <td className="mono">
              {c.clientId} <CopyButton value={c.clientId} label={t('dev.copy_id')} />
            </td>
            <td className="mono break">{c.allowedDomains.join(', ') || t('dev.backend')}</td>
            <td>{c.feePercentage ? `${c.feePercentage} %` : '—'}</td>
            <td>{c.status}</td>
            <td>{dateTime(c.createdAt)}</td>
            <td className="actions">
              {c.status !== 'revoked' && (
                <>
                  <Button variant="secondary" onClick={() => setEditing(c)} aria-label={t('dev.edit_one', { label: c.label })}>
                    {t('dev.edit')}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(c.id)}
                    aria-label={t('dev.revoke_one', { label: c.label })}
                  >
                    {t('dev.revoke')}
                  </Button>
                </>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function ClientIdForm({ editing, onDone }: { editing?: ClientId; onDone: () => void }) {
  const { auth } = useApis();
  const queries = useQueryClient();
  const [label, setLabel] = useState(editing?.label ?? '');
  const [allowed, setAllowed] = useState(editing?.allowedDomains.join(', ') ?? '');
  const [fee, setFee] = useState(editing?.feePercentage ?? '');
  const [feeAddress, setFeeAddress] = useState(editing?.feeAddress ?? '');
  const [active, setActive] = useState(editing ? editing.status === 'active' : true);
  const save = useMutation({
    mutationFn: async () => {
      const feeFields = fee.trim() ? { feePercentage: fee.trim(), feeAddress: feeAddress.trim() } : {};
      if (!editing)
        return must(auth.POST('/v1/client-ids', { body: { label: label.trim(), allowedDomains: origins(allowed), ...feeFields } }));
      const body = {
        label: label.trim(),
        allowedDomains: origins(allowed),
        status: active ? ('active' as const) : ('inactive' as const),
        ...(fee.trim() ? feeFields : { feePercentage: null, feeAddress: null }),
      };
      return must(auth.PUT('/v1/client-ids/{id}', { params: { path: { id: editing.id } }, body }));
    },
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: ['client-ids'] });
      if (editing) onDone();
      else [setLabel, setAllowed, setFee, setFeeAddress].forEach((s) => s(''));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form
      className="pr-card form-grid"
      onSubmit={submit}
      aria-label={editing ? t('dev.edit_title', { label: editing.label }) : t('dev.new_client_id')}
    >
      <TextField label={t('dev.label')} required maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} />
      <TextField label={t('dev.origins')} value={allowed} onChange={(e) => setAllowed(e.target.value)} hint={t('dev.origins_hint')} />
      <TextField label={t('dev.fee_percentage')} inputMode="decimal" value={fee} onChange={(e) => setFee(e.target.value)} />
      <TextField
        label={t('dev.fee_address')}
        value={feeAddress}
        onChange={(e) => setFeeAddress(e.target.value)}
        required={fee.trim() !== ''}
      />
      {editing && (
        <label className="check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> {t('dev.active')}
        </label>
      )}
      <Button type="submit" disabled={save.isPending}>
        {editing ? t('dev.save') : t('dev.create_client_id')}
      </Button>
      {editing && (
        <Button variant="secondary" onClick={onDone}>
          {t('dev.cancel_edit')}
        </Button>
      )}
      {save.error && <Alert>{t('dev.save_failed', { reason: save.error.message })}</Alert>}
    </form>
  );
}
