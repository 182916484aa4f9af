import { Button, TextField } from '@payrail/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApis } from '../api';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { must } from '../lib/api-call';
import { dateTime } from '../lib/format';
import { useCursorPages } from '../lib/paging';
import { t } from '../messages';

/** Payers: compliance records (KYC and agreement status, compliant or not), searched by the platform's user id. */
export function PayersScreen() {
  const { payments } = useApis();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const pages = useCursorPages(search);
  const list = useQuery({
    queryKey: ['payers', search, pages.cursor],
    placeholderData: keepPreviousData,
    queryFn: () =>
      must(payments.GET('/v2/payers', { params: { query: { search: search || undefined, cursor: pages.cursor, limit: 25 } } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
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
