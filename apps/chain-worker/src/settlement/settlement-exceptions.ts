import {
  amountFacts,
  exceptionEvent,
  type ExceptionKind,
  type ExceptionResolution,
  hasBeenPaid,
  inInvoiceUnits,
  lateness,
  LIVE_EXCEPTION_STATUSES,
  NO_TOLERANCE,
  type DomainEvent,
  type PaymentExceptionRecord,
  rateOf,
  settlesAt,
} from '@payrail/domain';
import {
  DEFAULT_EXCEPTION_SETTINGS,
  type ExceptionSettings,
  PaymentExceptionsRepository,
  type RequestEntity,
  SecurePaymentsRepository,
  acceptUnderpayment,
} from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import type { PayerCheckSubStatus } from './payer-checks.js';
import type { TransferRow } from './settlement-rows.js';

export type Lateness = 'none' | 'within' | 'beyond';

const PAYER_KINDS: Record<PayerCheckSubStatus, ExceptionKind | undefined> = {
  payer_not_allowed: 'unexpected_payer',
  payer_screening_rejected: 'screening_rejected',
  payer_screening_unavailable: undefined,
};

/**
 * Settlement's payment exceptions (issue #35, docs/exceptions.md), for one batch in its
 * transaction: the platforms' tolerance and late window, the requests' stored exceptions and
 * their links' expiries are read once; `reconcile` then raises what a request's new state calls
 * for (underpaid, overpaid, late, unexpected_payer, screening_rejected) and resolves the open ones
 * it no longer justifies (`paid_in_full`, or `reversed` when a reorg took the payment away),
 * with their payment.exception / payment.exception.resolved events.
 */
export class SettlementExceptions {
  private constructor(
    private readonly m: EntityManager,
    private readonly settings: Map<string, ExceptionSettings>,
    private readonly stored: Map<string, PaymentExceptionRecord[]>,
    private readonly expiries: Map<string, Date>,
  ) {}

  static async load(m: EntityManager, requests: RequestEntity[], secured: string[]): Promise<SettlementExceptions> {
    const repo = new PaymentExceptionsRepository(m);
    const [settings, stored, expiries] = await Promise.all([
      repo.settingsOf(requests.map((r) => r.platformId)),
      repo.ofRequests(requests.map((r) => r.id)),
      new SecurePaymentsRepository(m).expiriesOf(secured),
    ]);
    const byRequest = new Map<string, PaymentExceptionRecord[]>();
    for (const e of stored) byRequest.set(e.requestId, [...(byRequest.get(e.requestId) ?? []), e]);
    return new SettlementExceptions(m, settings, byRequest, expiries);
  }

  private settingsOf(request: RequestEntity): ExceptionSettings {
    return this.settings.get(request.platformId) ?? DEFAULT_EXCEPTION_SETTINGS;
  }

  /** The amount from which the request counts as paid (tolerance, accepted underpayment). */
  settlesAt(request: RequestEntity): bigint {
    const { tolerance } = this.settingsOf(request);
    return settlesAt(
      {
        expected: request.expectedAmount,
        invoiceAmount: request.invoiceAmount,
        invoiceDecimals: request.invoiceDecimals,
        accepted: request.acceptedAmount,
      },
      tolerance ?? NO_TOLERANCE,
    );
  }

  /** When the payment that completed the request came against its link's expiry (block time of the last counted transfer). */
  lateness(request: RequestEntity, counted: TransferRow[]): Lateness {
    const last = counted.at(-1);
    if (!last) return 'none';
    return lateness(last.block_timestamp, this.expiries.get(request.id) ?? null, this.settingsOf(request).lateWindowSeconds);
  }

  async reconcile(
    request: RequestEntity,
    facts: { counted: TransferRow[]; late: Lateness; payerCheck?: PayerCheckSubStatus; clientId: string | null },
  ): Promise<DomainEvent[]> {
    const now = new Date();
    const stored = this.stored.get(request.id) ?? [];
    const last = facts.counted.at(-1);
    const who = { paymentReference: request.paymentReference, clientId: facts.clientId, orchestratorId: request.orchestratorId };
    const repo = new PaymentExceptionsRepository(this.m);
    const events: DomainEvent[] = [];
    const live = (kind: ExceptionKind) => stored.find((e) => e.kind === kind && LIVE_EXCEPTION_STATUSES.includes(e.status));
    const resolve = async (e: PaymentExceptionRecord, resolution: ExceptionResolution) => {
      Object.assign(e, { status: 'resolved', resolution, resolvedAt: now });
      await repo.update(e);
      events.push(exceptionEvent('payment.exception.resolved', e, who, now));
    };
    const raise = async (kind: ExceptionKind, auto?: ExceptionResolution) => {
      const record = this.newRecord(request, kind, last, now, auto);
      stored.push(record);
      await repo.insert([record]);
      events.push(exceptionEvent('payment.exception', record, who, now));
    };
    const seen = (e: PaymentExceptionRecord) => {
      e.receivedAmount = request.amountPaid;
      e.receivedInvoiceAmount = inInvoiceUnits(request.amountPaid, request.expectedAmount, request.invoiceAmount);
      e.txHash = last?.tx_hash ?? e.txHash;
      e.logIndex = last?.log_index ?? e.logIndex;
      e.payerAddress = last?.from_address ?? e.payerAddress;
    };

    const amount = amountFacts(request.status, request.expectedAmount, request.amountPaid);
    for (const kind of ['underpaid', 'overpaid'] as const) {
      const fact = amount.find((f) => f.kind === kind);
      const current = live(kind);
      if (fact && current) {
        seen(current);
        if (fact.auto) await resolve(current, fact.auto);
        else await repo.update(current);
      } else if (fact) {
        // Decided already (accepted, resolved) for this amount: nothing new to raise.
        const decided = stored.some(
          (e) => e.kind === kind && e.resolution !== 'reversed' && (fact.auto || e.receivedAmount === request.amountPaid),
        );
        if (!decided) await raise(kind, fact.auto);
      } else if (current) {
        seen(current);
        await resolve(current, kind === 'underpaid' && request.amountPaid >= request.expectedAmount ? 'paid_in_full' : 'reversed');
      }
    }

    const paid = hasBeenPaid(request.status);
    const payerKind = facts.payerCheck && PAYER_KINDS[facts.payerCheck];
    for (const kind of ['late', 'unexpected_payer', 'screening_rejected'] as const) {
      const due = paid && (kind === 'late' ? facts.late !== 'none' : payerKind === kind);
      const current = live(kind);
      if (due && !stored.some((e) => e.kind === kind && e.resolution !== 'reversed'))
        await raise(kind, kind === 'late' && facts.late === 'within' ? 'within_late_window' : undefined);
      else if (!paid && current) await resolve(current, 'reversed');
    }
    return events;
  }

  /**
   * A remainder link's request was just paid: the underpaid exceptions waiting for it are
   * resolved (`remainder_paid`) and each original request is accepted at what it received and
   * settled again (its transfers marked unsettled), so settlement's next pass turns it paid with its
   * payment.confirmed and completes its link.
   */
  async remainderPaid(request: RequestEntity, clientId: string | null): Promise<DomainEvent[]> {
    const repo = new PaymentExceptionsRepository(this.m);
    const now = new Date();
    const events: DomainEvent[] = [];
    for (const e of await repo.awaitingRemainder([request.id])) {
      Object.assign(e, { status: 'resolved', resolution: 'remainder_paid', resolvedAt: now });
      await repo.update(e);
      const original = await acceptUnderpayment(this.m, e.requestId);
      if (original) events.push(exceptionEvent('payment.exception.resolved', e, { ...original, clientId }, now));
    }
    return events;
  }

  private newRecord(
    request: RequestEntity,
    kind: ExceptionKind,
    last: TransferRow | undefined,
    now: Date,
    auto?: ExceptionResolution,
  ): PaymentExceptionRecord {
    return {
      id: PaymentExceptionsRepository.newId(),
      platformId: request.platformId,
      requestId: request.id,
      network: request.network,
      kind,
      status: auto ? 'resolved' : 'open',
      resolution: auto ?? null,
      token: null,
      paymentCurrency: request.paymentCurrency,
      currencyDecimals: request.currencyDecimals,
      expectedAmount: request.expectedAmount,
      receivedAmount: request.amountPaid,
      receivedDecimals: null,
      invoiceCurrency: request.invoiceCurrency,
      invoiceDecimals: request.invoiceDecimals,
      expectedInvoiceAmount: request.invoiceAmount,
      receivedInvoiceAmount: inInvoiceUnits(request.amountPaid, request.expectedAmount, request.invoiceAmount),
      rate: rateOf(request.expectedAmount, request.currencyDecimals, request.invoiceAmount, request.invoiceDecimals),
      rateSource: 'request',
      txHash: last?.tx_hash ?? null,
      logIndex: last?.log_index ?? null,
      payerAddress: last?.from_address ?? null,
      remainderRequestId: null,
      remainderToken: null,
      detectedAt: now,
      resolvedAt: auto ? now : null,
    };
  }
}
