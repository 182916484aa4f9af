import { Alert, Button, shortAddress, Status } from '@payrail/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfig } from 'wagmi';
import { type PaymentsSchemas, useApis } from '../api';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { must } from '../lib/api-call';
import { dateTime, money } from '../lib/format';
import { useCursorPages } from '../lib/paging';
import { t } from '../messages';
import { sendFromWallet } from '../session/send-transactions';

const STATUSES = ['awaiting_signature', 'active', 'paused', 'cancelled', 'completed'] as const;
type Cancelled = PaymentsSchemas['RecurringUpdateResponseDto'];

/**
 * Recurring payments: schedules with next execution and progress; "Cancel" stops the schedule
 * server-side, then lowers the subscriber's allowance with the transactions the API built, sent
 * by the connected wallet when it is the subscriber's (otherwise they are shown to send elsewhere).
 */
export function RecurringScreen() {
  const { payments, runtime } = useApis();
  const config = useConfig();
  const queries = useQueryClient();
  const [status, setStatus] = useState<(typeof STATUSES)[number] | ''>('');
  const pages = useCursorPages(status);
  const [outcome, setOutcome] = useState<{ cancelled: Cancelled; sent?: string[] }>();
  const list = useQuery({
    queryKey: ['recurring', status, pages.cursor],
    placeholderData: keepPreviousData,
    queryFn: () =>
      must(payments.GET('/v2/payouts/recurring', { params: { query: { status: status || undefined, cursor: pages.cursor, limit: 25 } } })),
  });
  const cancel = useMutation({
    mutationFn: async (id: string) => {
      const cancelled = await must(payments.PATCH('/v2/payouts/recurring/{id}', { params: { path: { id } }, body: { action: 'cancel' } }));
      const sent = cancelled.sender ? await sendFromWallet(config, runtime, cancelled.sender, cancelled.transactions) : undefined;
      return { cancelled, sent };
    },
    onSuccess: (result) => setOutcome(result),
    onSettled: () => queries.invalidateQueries({ queryKey: ['recurring'] }),
  });
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="recurring-title">
      <h1 id="recurring-title">{t('nav.recurring')}</h1>
      <div className="pr-field inline">
        <label htmlFor="recurring-status">{t('field.status')}</label>
        <select id="recurring-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          <option value="">{t('filter.any')}</option>
          {STATUSES.map((s) => (
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
              <td>{r.status}</td>
              <td title={r.payer}>{shortAddress(r.payer)}</td>
              <td>
                {money(r.amountPerPayment, r.paymentCurrency)} / {r.frequency}
              </td>
              <td>{t('recurring.processed', { processed: r.processedPayments, total: r.totalPayments })}</td>
              <td>{money(r.remainingAmount, r.paymentCurrency)}</td>
              <td>{dateTime(r.nextPaymentDate)}</td>
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
    </section>
  );
}

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
