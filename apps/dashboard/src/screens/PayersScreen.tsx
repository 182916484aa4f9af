import { Button, TextField } from '@payrail/web';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, Fragment, useState } from 'react';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { PayerPaymentDetails } from '../components/PayerPaymentDetails';
import { QueryState } from '../components/QueryState';
import { dateTime } from '../lib/format';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { usePayers } from '../queries/payers';

const route = getRouteApi('/payers');

/**
 * Payers: compliance records (KYC and agreement status, compliant or not), searched by the platform's
 * user id; each row opens the payer's bank accounts (crypto-to-fiat payment details, masked, with their status).
 */
export function PayersScreen() {
  const { search, cursors } = route.useSearch();
  const navigate = route.useNavigate();
  const [draft, setDraft] = useState(search ?? '');
  const [open, setOpen] = useState<string | null>(null);
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
          t('payers.details'),
        ]}
        rowCount={rows.length}
        empty={t('payers.empty')}
      >
        {rows.map((p) => {
          const shown = open === p.userId;
          return (
            <Fragment key={p.userId}>
              <tr>
                <td className="mono">{p.clientUserId}</td>
                <td>{p.kycStatus}</td>
                <td>{p.agreementStatus}</td>
                <td>{p.isCompliant ? t('yes') : t('no')}</td>
                <td>{p.provider}</td>
                <td>{dateTime(p.updatedAt)}</td>
                <td>
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={t(shown ? 'payers.details_hide' : 'payers.details_show', { user: p.clientUserId })}
                    aria-expanded={shown}
                    aria-controls={`details-${p.userId}`}
                    onClick={() => setOpen(shown ? null : p.userId)}
                  >
                    {t(shown ? 'payers.details_hide_short' : 'payers.details_show_short')}
                  </Button>
                </td>
              </tr>
              {shown ? (
                <tr id={`details-${p.userId}`}>
                  <td colSpan={7}>
                    <PayerPaymentDetails userId={p.userId} clientUserId={p.clientUserId} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </DataTable>
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </section>
  );
}
