import { Button, TextField } from '@payrail/web';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../lib/format';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { usePayers } from '../queries/payers';

const route = getRouteApi('/payers');

/** Payers: compliance records (KYC and agreement status, compliant or not), searched by the platform's user id. */
export function PayersScreen() {
  const { search, cursors } = route.useSearch();
  const navigate = route.useNavigate();
  const [draft, setDraft] = useState(search ?? '');
  const pages = cursorPages(cursors, (next) => void navigate({ search: (s) => ({ ...s, cursors: next }), resetScroll: false }));
  const list = usePayers(search, pages.cursor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ search: { search: draft.trim() || undefined }, resetScroll: false });
  };
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="payers-title">
      <h1 id="payers-title">{t('nav.payers')}</h1>
      <form className="filters" role="search" onSubmit={submit}>
        <TextField label={t('payers.search')} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">{t('payers.search_button')}</Button>
      </form>
      <QueryState query={list} />
      <DataTable
        caption={t('payers.caption')}
        columns={[
          t('payers.user'),
          t('payers.kyc'),
          t('payers.agreement'),
          t('payers.compliant'),
          t('payers.provider'),
          t('payers.updated'),
        ]}
        rowCount={rows.length}
        empty={t('payers.empty')}
      >
        {rows.map((p) => (
          <tr key={p.userId}>
            <td className="mono">{p.clientUserId}</td>
            <td>{p.kycStatus}</td>
            <td>{p.agreementStatus}</td>
            <td>{p.isCompliant ? t('yes') : t('no')}</td>
            <td>{p.provider}</td>
            <td>{dateTime(p.updatedAt)}</td>
          </tr>
        ))}
      </DataTable>
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </section>
  );
}
