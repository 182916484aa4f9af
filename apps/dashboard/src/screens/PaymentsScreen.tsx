import { Button, shortAddress } from '@payrail/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApis } from '../api';
import { AppLink } from '../components/AppLink';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { type PaymentFilterValues, PaymentFilters } from '../components/PaymentFilters';
import { QueryState } from '../components/QueryState';
import { VolumeChart } from '../components/VolumeChart';
import { compact, must } from '../lib/api-call';
import { dateTime, money } from '../lib/format';
import { useCursorPages } from '../lib/paging';
import { t } from '../messages';

/** The customer as a list shows it: the name, else the e-mail; '—' when none was given. */
export function customerName(c: { firstName?: string; lastName?: string; email?: string } | null): string {
  const name = [c?.firstName, c?.lastName].filter(Boolean).join(' ');
  return name || c?.email || '—';
}

/** Payments: the volume overview, the filtered list of requests (keyset pages) and the CSV export of the same filters. */
export function PaymentsScreen() {
  const { payments } = useApis();
  const [filters, setFilters] = useState<PaymentFilterValues>({});
  const key = JSON.stringify(filters);
  const pages = useCursorPages(key);
  const list = useQuery({
    queryKey: ['requests', key, pages.cursor],
    placeholderData: keepPreviousData,
    queryFn: () =>
      must(payments.GET('/v2/requests', { params: { query: { ...compact({ ...filters }), cursor: pages.cursor, limit: 25 } } })),
  });
  const exportCsv = () => {
    // A same-origin GET the browser downloads itself (Content-Disposition: attachment), streamed by the server.
    const query = new URLSearchParams(compact({ ...filters })).toString();
    const link = document.createElement('a');
    link.href = `/v2/requests/export${query ? `?${query}` : ''}`;
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
      <PaymentFilters onApply={setFilters} />
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
                <AppLink to={`/payments/${encodeURIComponent(r.requestId)}`}>{dateTime(r.createdAt)}</AppLink>
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
