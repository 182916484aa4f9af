import { explorerTxUrl } from '@payrail/web';
import { formatEther } from 'viem';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable } from '../components/DataTable';
import { QueryState } from '../components/QueryState';
import { RequestExceptions } from '../components/RequestExceptions';
import { RefundDialog } from '../components/RefundDialog';
import { customerName, dateTime, money } from '../lib/format';
import { t } from '../messages';
import { useRequest } from '../queries/payments';
import { useRefunds } from '../queries/refunds';

/** One request: amounts, fee, payer, every transfer seen (explorer link per network) and the webhook deliveries of its events. */
const route = getRouteApi('/payments/$requestId');

export function PaymentDetailScreen() {
  const { requestId } = route.useParams();
  const detail = useRequest(requestId);
  const r = detail.data;
  return (
    <section aria-labelledby="detail-title">
      <p>
        <Link to="/payments">{t('detail.back')}</Link>
      </p>
      <h1 id="detail-title">{t('detail.title')}</h1>
      <QueryState query={detail} />
      {r && (
        <>
          <dl className="facts pr-card">
            <Fact term={t('col.status')} value={r.status} />
            <Fact term={t('detail.request_id')} value={r.requestId} mono />
            <Fact term={t('field.reference')} value={r.reference ?? '—'} />
            <Fact term={t('detail.customer')} value={customerLine(r.customerInfo)} />
            <Fact term={t('field.payment_reference')} value={r.paymentReference} mono />
            <Fact term={t('field.network')} value={r.network} />
            <Fact term={t('detail.invoice')} value={money(r.invoiceAmount, r.invoiceCurrency)} />
            <Fact term={t('detail.expected')} value={money(r.expectedAmount, r.paymentCurrency)} />
            <Fact term={t('col.paid')} value={money(r.amountPaid, r.paymentCurrency)} />
            <Fact
              term={t('detail.fee')}
              value={`${money(r.feePaid, r.paymentCurrency)} / ${money(r.feeAmount, r.paymentCurrency)}${r.feePercentage ? ` (${r.feePercentage} %)` : ''}`}
            />
            <Fact term={t('detail.payee')} value={r.payee} mono />
            <Fact term={t('col.payer')} value={r.payerAddress ?? r.payer ?? '—'} mono />
            <Fact term={t('col.created')} value={dateTime(r.createdAt)} />
            <Fact term={t('detail.paid_at')} value={dateTime(r.paidAt)} />
          </dl>
          {r.deposit && (
            <>
              <h2>{t('detail.deposit')}</h2>
              <dl className="facts pr-card" aria-label={t('detail.deposit')}>
                <Fact term={t('detail.deposit_address')} value={r.deposit.address} mono />
                <Fact term={t('detail.deposit_status')} value={r.deposit.status} />
                <Fact
                  term={t('detail.deposit_received')}
                  value={`${money(r.deposit.received, r.paymentCurrency)} / ${money(r.deposit.amount, r.paymentCurrency)}`}
                />
                <Fact term={t('detail.sweep_tx')} value={r.deposit.sweepTxHash ?? '—'} mono />
                <Fact
                  term={t('detail.sweep_gas')}
                  value={
                    r.deposit.sweepGasCost === null
                      ? '—'
                      : t('detail.sweep_gas_value', { amount: formatEther(BigInt(r.deposit.sweepGasCost)) })
                  }
                />
              </dl>
            </>
          )}
          <RequestExceptions requestId={r.requestId} />
          <h2>{t('detail.payments')}</h2>
          <DataTable
            caption={t('detail.payments')}
            columns={[t('col.time'), t('col.amount'), t('detail.fee'), t('col.payer'), t('col.transaction')]}
            rowCount={r.payments.length}
            empty={t('detail.no_payments')}
          >
            {r.payments.map((p) => (
              <tr key={`${p.txHash}-${p.timestamp}-${p.amount}`}>
                <td>{dateTime(p.timestamp)}</td>
                <td>{money(p.amount, r.paymentCurrency)}</td>
                <td>{money(p.fee, r.paymentCurrency)}</td>
                <td className="mono">{p.payer ?? '—'}</td>
                <td className="mono break">{p.txHash}</td>
              </tr>
            ))}
          </DataTable>
          <h2>{t('detail.transfers')}</h2>
          <DataTable
            caption={t('detail.transfers')}
            columns={[t('col.transaction'), t('col.block'), t('col.from'), t('col.amount'), t('detail.fee'), t('col.settled')]}
            rowCount={r.transfers.length}
            empty={t('detail.no_transfers')}
          >
            {r.transfers.map((tr) => {
              const url = explorerTxUrl(r.network, tr.txHash);
              return (
                <tr key={`${tr.txHash}-${tr.logIndex}`}>
                  <td className="mono">
                    {url ? (
                      <a href={url} target="_blank" rel="noreferrer">
                        {t('detail.explorer', { hash: `${tr.txHash.slice(0, 10)}…` })}
                      </a>
                    ) : (
                      tr.txHash
                    )}
                  </td>
                  <td>{tr.blockNumber}</td>
                  <td className="mono">{tr.from ?? '—'}</td>
                  <td>{money(tr.amount, r.paymentCurrency)}</td>
                  <td>{money(tr.feeAmount, r.paymentCurrency)}</td>
                  <td>{tr.settled ? t('yes') : t('no')}</td>
                </tr>
              );
            })}
          </DataTable>
          <h2>{t('detail.refunds')}</h2>
          {r.amountPaid !== '0' && (
            <RefundDialog requestId={r.requestId} currency={r.paymentCurrency} depositAddress={r.deposit?.address} />
          )}
          <RefundsTable requestId={r.requestId} />
          <h2>{t('detail.deliveries')}</h2>
          <DataTable
            caption={t('detail.deliveries')}
            columns={[t('col.event'), t('col.endpoint'), t('col.status'), t('col.attempts'), t('col.last_code'), t('col.created')]}
            rowCount={r.webhookDeliveries.length}
            empty={t('detail.no_deliveries')}
          >
            {r.webhookDeliveries.map((d) => (
              <tr key={d.id}>
                <td>{d.eventType}</td>
                <td className="mono">{d.url}</td>
                <td>{d.status}</td>
                <td>{d.attemptCount}</td>
                <td>{d.lastStatusCode ?? '—'}</td>
                <td>{dateTime(d.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}

/** Name and e-mail of the customer given at creation. */
function customerLine(c: { email?: string } | null): string {
  const name = customerName(c);
  return c?.email && name !== c.email ? `${name} <${c.email}>` : name;
}

function Fact({ term, value, mono }: { term: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={mono ? 'mono' : undefined}>{value}</dd>
    </div>
  );
}

/** The request's refunds (GET /v2/request/{id}/refunds), read again while one is on its way. */
function RefundsTable({ requestId }: { requestId: string }) {
  const refunds = useRefunds(requestId).data?.refunds ?? [];
  return (
    <DataTable
      caption={t('detail.refunds')}
      columns={[t('col.created'), t('col.amount'), t('col.to'), t('col.status'), t('col.transaction')]}
      rowCount={refunds.length}
      empty={t('detail.no_refunds')}
    >
      {refunds.map((f) => (
        <tr key={f.id}>
          <td>{dateTime(f.createdAt)}</td>
          <td>{money(f.amount, f.currency)}</td>
          <td className="mono">{f.to}</td>
          <td>{f.status}</td>
          <td className="mono break">{f.txHash ?? '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
