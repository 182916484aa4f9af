import { Alert, Button } from '@payrail/web';
import { getRouteApi } from '@tanstack/react-router';
import type { PaymentsSchemas } from '../api';
import { CopyButton } from '../components/CopyButton';
import { CreateInvoiceForm } from '../components/CreateInvoiceForm';
import { CreateLinkForm } from '../components/CreateLinkForm';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { dateTime, money } from '../lib/format';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { useInvalidateLink, useLinks } from '../queries/links';
import { LINK_STATUSES } from '../router/search';
import { useSignedIn } from '../session/signed-in';

const route = getRouteApi('/payment-links');
type Link = PaymentsSchemas['PaymentLinkDto'];

/** Payment links: create one (link, copy, QR code) or an invoice, the list with status and multicall children, invalidate. */
export function PaymentLinksScreen() {
  const session = useSignedIn();
  const { status, cursors } = route.useSearch();
  const navigate = route.useNavigate();
  const pages = cursorPages(cursors, (next) => void navigate({ search: (s) => ({ ...s, cursors: next }), resetScroll: false }));
  const links = useLinks(status, pages.cursor);
  const invalidate = useInvalidateLink();
  const rows = links.data?.data ?? [];
  return (
    <section aria-labelledby="links-title">
      <h1 id="links-title">{t('nav.links')}</h1>
      <CreateLinkForm defaultPayee={session.wallet?.address} />
      <CreateInvoiceForm defaultPayee={session.wallet?.address} />
      <h2>{t('links.list')}</h2>
      <div className="pr-field inline">
        <label htmlFor="links-status">{t('field.status')}</label>
        <select
          id="links-status"
          value={status ?? ''}
          onChange={(e) => void navigate({ search: { status: LINK_STATUSES.find((s) => s === e.target.value) }, resetScroll: false })}
        >
          <option value="">{t('filter.any')}</option>
          {LINK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={links} />
      {invalidate.error && <Alert>{t('links.invalidate_failed', { reason: invalidate.error.message })}</Alert>}
      {links.data && (
        <DataTable
          caption={t('links.caption')}
          columns={[t('col.created'), t('col.type'), t('col.status'), t('col.amount'), t('col.expires'), t('col.link'), t('col.actions')]}
          rowCount={rows.length}
          empty={t('links.empty')}
        >
          {rows.map((link) => (
            <LinkRow key={link.token} link={link} onInvalidate={() => invalidate.mutate(link.token)} busy={invalidate.isPending} />
          ))}
        </DataTable>
      )}
      <Pager pages={pages} nextCursor={links.data?.nextCursor} />
    </section>
  );
}

function LinkRow({ link, onInvalidate, busy }: { link: Link; onInvalidate: () => void; busy: boolean }) {
  const amounts = link.requests.map((r) => money(r.expectedAmount, r.paymentCurrency)).join(', ');
  return (
    <tr>
      <td>{dateTime(link.createdAt)}</td>
      <td>{link.type}</td>
      <td>
        <span className="badge" data-status={link.status}>
          {link.status}
        </span>
      </td>
      <td>
        {amounts}
        {link.children.length > 0 && (
          <ul className="children" aria-label={t('links.children')}>
            {link.children.map((c) => (
              <li key={c.token}>
                {t('links.child', {
                  position: c.position + 1,
                  amount: money(c.request.expectedAmount, c.request.paymentCurrency),
                  status: c.status,
                })}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>{dateTime(link.expiresAt)}</td>
      <td>
        <CopyButton value={link.securePaymentUrl} label={t('links.copy')} />
      </td>
      <td>
        {link.status === 'pending' && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={onInvalidate}
            aria-label={t('links.invalidate_one', { reference: link.reference ?? link.token })}
          >
            {t('links.invalidate')}
          </Button>
        )}
      </td>
    </tr>
  );
}
