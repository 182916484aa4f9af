import { Alert, Button, shortAddress, Status } from '@payrail/web';
import { getRouteApi } from '@tanstack/react-router';
import type { PaymentsSchemas } from '../api';
import { DataTable } from '../components/DataTable';
import { DunningPolicy } from '../components/DunningPolicy';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { dateTime, money } from '../lib/format';
import { cursorPages } from '../lib/paging';
import { t } from '../messages';
import { useCancelRecurring, useRecurring } from '../queries/recurring';
import { RECURRING_STATUSES } from '../router/search';

const route = getRouteApi('/recurring');
type Cancelled = PaymentsSchemas['RecurringUpdateResponseDto'];

/**
 * Recurring payments: schedules with next execution and progress; "Cancel" stops the schedule
 * server-side, then lowers the subscriber's allowance with the transactions the API built, sent
 * by the connected wallet when it is the subscriber's (otherwise they are shown to send elsewhere).
 */
export function RecurringScreen() {
  const { status, cursors } = route.useSearch();
  const navigate = route.useNavigate();
  const pages = cursorPages(cursors, (next) => void navigate({ search: (s) => ({ ...s, cursors: next }), resetScroll: false }));
  const list = useRecurring(status, pages.cursor);
  const cancel = useCancelRecurring();
  const outcome = cancel.data;
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="recurring-title">
      <h1 id="recurring-title">{t('nav.recurring')}</h1>
      <div className="pr-field inline">
        <label htmlFor="recurring-status">{t('field.status')}</label>
        <select
          id="recurring-status"
          value={status ?? ''}
          onChange={(e) => void navigate({ search: { status: statusOf(e.target.value) }, resetScroll: false })}
        >
          <option value="">{t('filter.any')}</option>
          {RECURRING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <QueryState query={list} />
      {cancel.error && <Alert>{t('recurring.cancel_failed', { reason: cancel.error.message })}</Alert>}
      {outcome && <CancelOutcome outcome={outcome} />}
      {list.data && (
        <DataTable
          caption={t('recurring.caption')}
          columns={[
            t('col.created'),
            t('col.status'),
            t('col.payer'),
            t('recurring.per_payment'),
            t('recurring.progress'),
            t('recurring.remaining'),
            t('recurring.next'),
            t('col.actions'),
          ]}
          rowCount={rows.length}
          empty={t('recurring.empty')}
        >
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{dateTime(r.createdAt)}</td>
              <td>
                {r.status}
                {r.failureSubStatus && <div className="muted">{t('recurring.failure', { reason: r.failureSubStatus })}</div>}
                {r.pastDueAt && <div className="muted">{t('recurring.past_due', { at: dateTime(r.pastDueAt) })}</div>}
              </td>
              <td title={r.payer}>{shortAddress(r.payer)}</td>
              <td>
                {money(r.amountPerPayment, r.paymentCurrency)} / {r.frequency}
              </td>
              <td>{t('recurring.processed', { processed: r.processedPayments, total: r.totalPayments })}</td>
              <td>{money(r.remainingAmount, r.paymentCurrency)}</td>
              <td>
                {dateTime(r.nextPaymentDate)}
                {r.nextAttemptAt && <div className="muted">{t('recurring.retry_at', { at: dateTime(r.nextAttemptAt) })}</div>}
              </td>
              <td>
                {(r.status === 'active' || r.status === 'paused') && (
                  <Button
                    variant="secondary"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(r.id)}
                    aria-label={t('recurring.cancel_one', { payer: shortAddress(r.payer) })}
                  >
                    {t('recurring.cancel')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager pages={pages} nextCursor={list.data?.nextCursor} />
      <DunningPolicy />
    </section>
  );
}

const statusOf = (value: string) => RECURRING_STATUSES.find((s) => s === value);

function CancelOutcome({ outcome }: { outcome: { cancelled: Cancelled; sent?: string[] } }) {
  const { cancelled, sent } = outcome;
  if (sent) return <Status>{t('recurring.cancelled_sent', { count: sent.length })}</Status>;
  return (
    <Status>
      {t('recurring.cancelled_send_elsewhere', { address: cancelled.sender?.address ?? '—' })}
      <ol className="mono break">
        {cancelled.transactions.map((tx, i) => (
          <li key={i}>
            to {tx.to} data {tx.data}
          </li>
        ))}
      </ol>
    </Status>
  );
}
