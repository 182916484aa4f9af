import { dateTime, money } from '../lib/format';
import { t } from '../messages';
import { useRequestExceptions } from '../queries/exceptions';
import { DataTable } from './DataTable';
import { QueryState } from './QueryState';

/** A payment's exceptions, on its page: what went wrong and how it was resolved (decisions are on the Exceptions screen). */
export function RequestExceptions({ requestId }: { requestId: string }) {
  const list = useRequestExceptions(requestId);
  const rows = list.data ?? [];
  return (
    <section aria-labelledby="request-exceptions-title">
      <h2 id="request-exceptions-title">{t('exc.of_request')}</h2>
      <QueryState query={list} />
      <DataTable
        caption={t('exc.of_request')}
        columns={[t('exc.kind'), t('exc.status'), t('exc.resolution'), t('exc.expected'), t('exc.received'), t('exc.detected')]}
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
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
