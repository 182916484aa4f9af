import { Button, shortAddress } from '@payrail/web';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { PaymentFilters } from '../components/PaymentFilters';
import { QueryState } from '../components/QueryState';
import { VolumeChart } from '../components/VolumeChart';
import { customerName, dateTime, money } from '../lib/format';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { exportUrlOf, requestFiltersOf, useRequests } from '../queries/payments';

const route = getRouteApi('/payments');

/**
 * Payments: the volume overview, the filtered list of requests (keyset pages) and the CSV export of
 * the same filters. Filters and page live in the URL (`/payments?status=paid&cursors=[…]`).
 */
export function PaymentsScreen() {
  const { cursors, ...values } = route.useSearch();
  const navigate = route.useNavigate();
  const filters = requestFiltersOf(values);
  const pages = cursorPages(cursors, (next) => void navigate({ search: (s) => ({ ...s, cursors: next }), resetScroll: false }));
  const list = useRequests(filters, pages.cursor);
  const exportCsv = () => {
    // A same-origin GET the browser downloads itself (Content-Disposition: attachment), streamed by the server.
    const link = document.createElement('a');
    link.href = exportUrlOf(filters);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="payments-title">
      <div className="screen-head">
        <h1 id="payments-title">{t('nav.payments')}</h1>
        <Button variant="secondary" onClick={exportCsv}>
          {t('payments.export')}
        </Button>
      </div>
      <VolumeChart />
      <h2>{t('payments.list')}</h2>
      {/* Keyed by the URL's filters: back/forward to other filters shows them in the form too. */}
      <PaymentFilters key={JSON.stringify(values)} values={values} onApply={(search) => void navigate({ search, resetScroll: false })} />
      <QueryState query={list} />
      {list.data && (
        <DataTable
          caption={t('payments.caption')}
          columns={[
            t('col.created'),
            t('col.reference'),
            t('col.customer'),
            t('col.status'),
            t('col.amount'),
            t('col.paid'),
            t('col.network'),
            t('col.payer'),
          ]}
          rowCount={rows.length}
          empty={t('payments.empty')}
        >
          {rows.map((r) => (
            <tr key={r.requestId}>
              <td>
                <Link to="/payments/$requestId" params={{ requestId: r.requestId }}>
                  {dateTime(r.createdAt)}
                </Link>
              </td>
              <td>
                {r.reference ?? r.paymentReference}
                {r.kind === 'invoice' && <span className="badge">{t('kind.invoice')}</span>}
              </td>
              <td>{customerName(r.customerInfo)}</td>
              <td>
                <span className="badge" data-status={r.status}>
                  {r.status}
                </span>
              </td>
              <td>{money(r.expectedAmount, r.paymentCurrency)}</td>
              <td>{money(r.amountPaid, r.paymentCurrency)}</td>
              <td>{r.network}</td>
              <td title={r.payerAddress ?? r.payer ?? undefined}>{shortAddress(r.payerAddress ?? r.payer ?? '—')}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
    </section>
  );
}
