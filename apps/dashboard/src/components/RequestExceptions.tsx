import { dateTime, money } from '../lib/format';
import { t } from '../messages';
import { useRequestExceptions } from '../queries/exceptions';
import { useRefunds } from '../queries/refunds';
import { DataTable } from './DataTable';
import { QueryState } from './QueryState';

/**
 * A payment's exceptions, on its page: what went wrong, how it was resolved (decisions are on the
 * Exceptions screen) and the refund linked to it (an open exception with a refund on its way is
 * read again until the refund's confirmation turns it `refunded`).
 */
export function RequestExceptions({ requestId }: { requestId: string }) {
  const refunds = useRefunds(requestId).data?.refunds ?? [];
  const refundOf = (exceptionId: string) => refunds.filter((f) => f.exceptionId === exceptionId && f.status !== 'failed').at(-1);
  const list = useRequestExceptions(requestId, (rows) => rows.some((e) => e.status === 'open' && refundOf(e.id) !== undefined));
  const rows = list.data ?? [];
  return (
    <section aria-labelledby="request-exceptions-title">
      <h2 id="request-exceptions-title">{t('exc.of_request')}</h2>
      <QueryState query={list} />
      <DataTable
        caption={t('exc.of_request')}
        columns={[
          t('exc.kind'),
          t('exc.status'),
          t('exc.resolution'),
          t('exc.expected'),
          t('exc.received'),
          t('exc.detected'),
          t('exc.refund'),
        ]}
        rowCount={rows.length}
        empty={t('exc.none_of_request')}
      >
        {rows.map((e) => (
          <tr key={e.id}>
            <td>{e.kind}</td>
            <td>{e.status}</td>
            <td>{e.resolution ?? '—'}</td>
            <td>{money(e.expectedAmount, e.paymentCurrency)}</td>
            <td>{e.token ? `${e.receivedAmount} (${e.token})` : money(e.receivedAmount, e.paymentCurrency)}</td>
            <td>{dateTime(e.detectedAt)}</td>
            <td>{refundCell(refundOf(e.id))}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

function refundCell(refund: { amount: string; currency: string; status: string } | undefined): string {
  return refund ? `${money(refund.amount, refund.currency)}, ${refund.status}` : '—';
}
