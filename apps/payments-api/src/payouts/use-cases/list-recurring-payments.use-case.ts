import { Injectable } from '@nestjs/common';
import { formatAmount } from '@payrail/domain';
import { checkedPageCursor, RecurringListingRepository, type RecurringListRow } from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { ListRecurringQueryDto, RecurringListItemDto, RecurringPageDto } from '../dto/recurring-list.dto.js';
import { dueAt } from '../recurring/schedule-terms.js';

/** The next payment's due time while the schedule runs (or waits for its signature); null otherwise (as GET /v2/payouts/recurring/{id}). */
function nextPaymentDate(r: RecurringListRow): string | null {
  const running = r.status === 'active' || r.status === 'awaiting_signature';
  if (!running || r.processed_payments >= r.total_payments) return null;
  const terms = { firstExec: Number(r.first_exec), periodSeconds: r.period_seconds };
  return new Date(dueAt(terms, r.processed_payments + 1) * 1000).toISOString();
}

function recurringListItemView(r: RecurringListRow): RecurringListItemDto {
  const remaining = r.total_payments - r.processed_payments;
  return {
    id: r.id,
    status: r.status,
    network: r.network,
    clientId: r.client_id,
    payer: r.payer,
    payee: r.payee,
    token: r.token,
    recurringProxy: r.recurring_proxy,
    paymentCurrency: r.payment_currency,
    invoiceCurrency: r.invoice_currency,
    invoiceAmount: formatAmount(BigInt(r.invoice_amount), r.invoice_decimals),
    amountPerPayment: formatAmount(BigInt(r.amount), r.currency_decimals),
    frequency: r.frequency,
    totalPayments: r.total_payments,
    processedPayments: r.processed_payments,
    remainingPayments: remaining,
    remainingAmount: formatAmount(BigInt(r.amount) * BigInt(remaining), r.currency_decimals),
    nextPaymentDate: nextPaymentDate(r),
    lastPaymentDate: r.last_payment_at?.toISOString() ?? null,
    failureCount: r.failure_count,
    failureReason: r.failure_reason,
    failureSubStatus: r.failure_sub_status,
    nextAttemptAt: r.next_attempt_at?.toISOString() ?? null,
    pastDueAt: r.past_due_at?.toISOString() ?? null,
    reference: r.reference,
    createdAt: r.created_at.toISOString(),
  };
}

/** GET /v2/payouts/recurring: the platform's recurring payments, newest first, filtered; keyset pagination on (created_at, id). */
@Injectable()
export class ListRecurringPayments {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: ListRecurringQueryDto }): Promise<RecurringPageDto> {
    const { status, network, payer } = query;
    const page = await new RecurringListingRepository(this.db).list(
      platformId,
      { status, network, payer },
      { cursor: checkedPageCursor(query.cursor, 'ulid'), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    return { data: page.rows.map(recurringListItemView), nextCursor: page.nextCursor };
  }
}
