import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AuthSchemas } from '../api';
import { clientIdForm, clientIdFormOf, type ClientIdValues, createClientIdBody, updateClientIdBody } from '../forms/client-id-body';
import { Field } from '../forms/Field';
import { dateTime } from '../lib/format';
import { t } from '../messages';
import { useClientIds, useRevokeClientId, useSaveClientId } from '../queries/client-ids';
import { CopyButton } from './CopyButton';
import { DataTable } from './DataTable';
import { QueryState } from './QueryState';

type ClientId = AuthSchemas['ClientIdResponse'];

/** Client IDs: create (label, allowed origins, fee), the list with the public id to copy, edit, revoke. */
export function ClientIds() {
  const list = useClientIds();
  const [editing, setEditing] = useState<ClientId>();
  const revoke = useRevokeClientId();
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
  const form = useForm<ClientIdValues>({ resolver: zodResolver(clientIdForm), defaultValues: clientIdFormOf(editing) });
  const { control } = form;
  const fee = useWatch({ control, name: 'fee' });
  const save = useSaveClientId();
  const submit = form.handleSubmit((values) =>
    save.mutate(editing ? { id: editing.id, body: updateClientIdBody(values) } : { body: createClientIdBody(values) }, {
      onSuccess: () => (editing ? onDone() : form.reset(clientIdFormOf(undefined))),
    }),
  );
  return (
    <form
      className="pr-card form-grid"
      onSubmit={(e) => void submit(e)}
      aria-label={editing ? t('dev.edit_title', { label: editing.label }) : t('dev.new_client_id')}
    >
      <Field control={control} name="label" label={t('dev.label')} required maxLength={100} />
      <Field control={control} name="allowed" label={t('dev.origins')} hint={t('dev.origins_hint')} />
      <Field control={control} name="fee" label={t('dev.fee_percentage')} inputMode="decimal" />
      <Field control={control} name="feeAddress" label={t('dev.fee_address')} required={fee.trim() !== ''} />
      {editing && (
        <label className="check">
          <input type="checkbox" {...form.register('active')} /> {t('dev.active')}
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
