import type { ExecutionView, RecurringPaymentEntity } from '@payrail/persistence';
import { formatUnits } from 'ethers';
import { dueAt } from './schedule-terms.js';

/** GET /v2/payouts/recurring/{id}: the schedule's progress, no customer data. */
export interface RecurringStatusView {
  id: string;
  status: string;
  processedPayments: number;
  totalPayments: number;
  lastPaymentDate: string | null;
  nextPaymentDate: string | null;
  failureCount: number;
  failureReason: string | null;
  /** Extensions (issue #37): the latest failure's reason code (payment.failed subStatus), the dunning retry and past-due times (chain time), why it was cancelled. */
  failureSubStatus: string | null;
  nextAttemptAt: string | null;
  pastDueAt: string | null;
  cancellationReason: 'requested' | 'nonpayment' | null;
  requests: { requestId: string; paymentReference: string }[];
  payments: { requestId: string; paymentReference: string; txHash: string | null; amount: string; timestamp: string | null }[];
}

/** The next payment's due time while the schedule runs (or waits for its signature); null otherwise. */
export function nextPaymentDate(schedule: RecurringPaymentEntity): string | null {
  const running = schedule.status === 'active' || schedule.status === 'awaiting_signature';
  if (!running || schedule.processedPayments >= schedule.totalPayments) return null;
  return new Date(dueAt(schedule, schedule.processedPayments + 1) * 1000).toISOString();
}

export function recurringStatusView(schedule: RecurringPaymentEntity, executions: ExecutionView[]): RecurringStatusView {
  const paid = executions.filter((e) => e.status === 'succeeded');
  const last = paid.at(-1);
  return {
    id: schedule.id,
    status: schedule.status,
    processedPayments: schedule.processedPayments,
    totalPayments: schedule.totalPayments,
    lastPaymentDate: last?.executedAt?.toISOString() ?? null,
    nextPaymentDate: nextPaymentDate(schedule),
    failureCount: schedule.failureCount,
    failureReason: schedule.failureReason,
    failureSubStatus: schedule.failureSubStatus,
    nextAttemptAt: schedule.nextAttemptAt?.toISOString() ?? null,
    pastDueAt: schedule.pastDueAt?.toISOString() ?? null,
    cancellationReason: schedule.cancellationReason,
    requests: executions.map((e) => ({ requestId: e.requestId, paymentReference: e.paymentReference })),
    payments: paid.map((e) => ({
      requestId: e.requestId,
      paymentReference: e.paymentReference,
      txHash: e.txHash,
      amount: formatUnits(e.amount, schedule.currencyDecimals),
      timestamp: e.executedAt?.toISOString() ?? null,
    })),
  };
}
