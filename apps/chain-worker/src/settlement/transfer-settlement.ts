import { Logger } from '@nestjs/common';
import type { NetworkInfo, NetworkName } from '@payrail/chains';
import { countsToward, hasBeenPaid, paymentState, UnavailableKytProvider, type DomainEvent, type KytProvider } from '@payrail/domain';
import {
  appendToOutbox,
  lockRequestsForSettlement,
  OfframpsRepository,
  saveSettledRequests,
  SecurePaymentsRepository,
  SettlementTransfersRepository,
  type OfframpEntity,
  type RequestEntity,
  type TransferFiat,
} from '@payrail/persistence';
import type { DataSource, EntityManager } from 'typeorm';
import { traceSettlement, traceSettlementOutcome } from '../shared/chain-tracing.js';
import { SettlementMetrics } from '../shared/settlement.metrics.js';
import type { Settlement } from '../shared/settlement.port.js';
import { PayerChecks, type Payer, type PayerCheckSubStatus } from './payer-checks.js';
import { settleRefunds } from './refund-settlement.js';
import { byTopic, SettlementBatch } from './settlement-batch.js';
import { SettlementEvents } from './settlement-events.js';
import { SettlementExceptions } from './settlement-exceptions.js';
import { fiatOfSettling, NO_FIAT_RATES, type FiatRatesOf } from './settlement-fiat.js';
import { observed, termsOf, type ReversedRow, type TransferRow } from './settlement-rows.js';

/**
 * Settles requests from confirmed transfers. A request's state is recomputed from its transfers
 * (domain `paymentState`: only transfers through its own proxy, to its payee, in its token count;
 * fees in aggregate to its fee address), so a restart or a second pass changes and emits nothing.
 * Each change and its event are written in one transaction with the request row locked:
 * `payment.partial` / `payment.confirmed` / `payment.failed` (fee_short) after new transfers, or
 * `payment.reversed` when a reorg took settled transfers away and the paid amount or fee went down.
 * A transfer counts once buried under the confirmations, and keeps counting once settled for as
 * long as detection keeps it (a reorg deletes it, and keeps it in reversed_transfers until here).
 * A request just paid is checked against the access policy of its secure payment (PayerChecks):
 * a refused payer makes the payment compliance_failed and the payment.confirmed names why.
 * Payment exceptions (underpaid, overpaid, late, refused payer) are raised and resolved in the
 * same transaction (SettlementExceptions), with the platform's tolerance and late window.
 * Each counted transfer that settles is valued in fiat at the rate of that moment (settlement-fiat).
 */
/** Payment references settled per transaction when none of them fails (a block of 500 payments in one). */
const BATCH = 500;

export class TransferSettlement implements Settlement {
  private readonly logger = new Logger('Settlement');
  private readonly payerChecks: PayerChecks;
  private readonly events: SettlementEvents;

  constructor(
    private readonly db: DataSource,
    networks: Readonly<Record<NetworkName, NetworkInfo>>,
    kyt: KytProvider = new UnavailableKytProvider(),
    private readonly metrics = new SettlementMetrics(),
    private readonly fiatRates: FiatRatesOf = NO_FIAT_RATES,
  ) {
    this.payerChecks = new PayerChecks(kyt);
    this.events = new SettlementEvents(networks);
  }

  async settle(network: string, confirmedThrough: number): Promise<void> {
    const topics = await new SettlementTransfersRepository(this.db.manager).readyTopics(network, confirmedThrough);
    // References settle in batches (one transaction, a few statements each). One reference that
    // cannot settle now (a KYT provider down, a bad row) must not hold up every other payment of the
    // network: a batch that fails is settled again one reference per transaction, failures are
    // logged and the pass fails after the others, so the leader loop retries them next pass.
    const failed: string[] = [];
    for (let i = 0; i < topics.length; i += BATCH) {
      const batch = topics.slice(i, i + BATCH);
      if (await this.trySettle(network, batch, confirmedThrough)) continue;
      for (const topic of batch.length > 1 ? batch : [])
        if (!(await this.trySettle(network, [topic], confirmedThrough))) failed.push(topic);
      if (batch.length === 1) failed.push(batch[0]);
    }
    if (failed.length > 0) throw new Error(`${failed.length} payment reference(s) on ${network} could not settle this pass`);
  }

  private async trySettle(network: string, topics: string[], confirmedThrough: number): Promise<boolean> {
    try {
      // One `settle payment` span per transaction (its block pass's child): a batch names its size.
      const traced = topics.length === 1 ? topics[0] : `${topics.length} references`;
      const events = await traceSettlement(network, traced, async () => {
        const written = await this.db.transaction((m) => this.settleTopics(m, network, topics, confirmedThrough));
        for (const event of written) traceSettlementOutcome(event.type);
        return written;
      });
      for (const event of events) this.metrics.observe(network, event.type);
      return true;
    } catch (error) {
      if (topics.length === 1)
        this.logger.error({ err: error, network, referenceTopic: topics[0] }, 'settling a payment reference failed; retried next pass');
      else
        this.logger.warn({ err: error, network }, `settling ${topics.length} payment references together failed; settling them one by one`);
      return false;
    }
  }

  /** Settles these references in the caller's transaction; returns the payment events written. */
  private async settleTopics(m: EntityManager, network: string, topics: string[], confirmedThrough: number): Promise<DomainEvent[]> {
    const locked = await lockRequestsForSettlement(m, network, topics);
    const requests = locked.map((l) => l.request);
    const stored = new SettlementTransfersRepository(m);
    const transfers = byTopic(await stored.transfersOf(network, topics, confirmedThrough));
    // Taken under the request locks: a concurrent settlement of these topics waits, then finds none.
    const reversed = byTopic(await stored.takeReversed(network, topics));
    const batch = new SettlementBatch(locked);
    const offramps = await new OfframpsRepository(m).ofRequests(requests.filter((r) => r.isCryptoToFiatAvailable).map((r) => r.id));
    const exceptions = await SettlementExceptions.load(
      m,
      requests,
      locked.filter((l) => l.secured).map((l) => l.request.id),
    );
    const out: Settled = { events: [], outbox: [], unsaved: [], offramps, exceptions, fiat: [] };
    for (const request of requests)
      await this.apply(m, batch, request, transfers.get(request.referenceTopic) ?? [], reversed.get(request.referenceTopic) ?? [], out);
    // Refunds are paid under their own references, through the same proxies (issue #35).
    for (const event of await settleRefunds(m, network, topics, transfers)) this.emit(out, event);
    await saveSettledRequests(m, out.unsaved);
    await appendToOutbox(m, out.outbox);
    await stored.recordFiat(network, out.fiat);
    await stored.markSettled(network, topics, confirmedThrough);
    return out.events;
  }

  private async apply(
    m: EntityManager,
    batch: SettlementBatch,
    request: RequestEntity,
    transfers: TransferRow[],
    reversed: ReversedRow[],
    out: Settled,
  ): Promise<void> {
    const terms = { ...termsOf(request, out.offramps.get(request.id)?.depositAddress), settlesAt: out.exceptions.settlesAt(request) };
    const counted = transfers.filter((t) => countsToward(terms, observed(t)));
    const next = paymentState(terms, counted.map(observed));
    // Valued when they settle (issue #36): the rate of this moment is stored, never recomputed.
    out.fiat.push(...(await fiatOfSettling(this.fiatRates, request.network, request, counted)));
    const previous = { amountPaid: request.amountPaid, feePaid: request.feePaid, status: request.status };
    const txHash = counted.at(-1)?.tx_hash ?? null;
    const changed = next.amountPaid !== previous.amountPaid || next.feePaid !== previous.feePaid || next.status !== previous.status;
    if (!changed && txHash === request.txHash) return;
    const becamePaid = hasBeenPaid(next.status) && !hasBeenPaid(request.status);
    const late = becamePaid && batch.hasSecurePayment(request) ? out.exceptions.lateness(request, counted) : 'none';
    let payerCheck: PayerCheckSubStatus | undefined;
    Object.assign(request, next, { txHash, paidAt: hasBeenPaid(next.status) ? (request.paidAt ?? new Date()) : null });
    if (batch.hasSecurePayment(request)) {
      // The secure payment's settlement counts its paid requests in the table: this one is saved first.
      await saveSettledRequests(m, [request]);
      // Who paid, checked before the secure payment completes: a refused payer makes it compliance_failed.
      payerCheck =
        changed && hasBeenPaid(next.status) ? await this.payerChecks.check(m, request, this.payersOf(batch, request, counted)) : undefined;
      // A secure payment over this request completes, or opens again, with it (same transaction); paid late beyond the window, it expires.
      out.outbox.push(...(await new SecurePaymentsRepository(m).settleForRequest(request.id, late)));
      const subStatus = payerCheck ?? (late === 'beyond' ? 'late' : undefined);
      if (changed) this.emit(out, this.events.of(batch, request, previous, { counted, reversed, terms }, subStatus));
    } else {
      out.unsaved.push(request);
      if (changed) this.emit(out, this.events.of(batch, request, previous, { counted, reversed, terms }));
    }
    if (changed) {
      const clientId = batch.clientIdOf(request);
      out.outbox.push(...(await out.exceptions.reconcile(request, { counted, late, payerCheck, clientId })));
      if (becamePaid) out.outbox.push(...(await out.exceptions.remainderPaid(request, clientId)));
    }
    const offramp = out.offramps.get(request.id);
    if (offramp && changed) await this.fund(m, offramp, request, out);
  }

  /**
   * A request paid through an off-ramp: its deposit has settled, so the off-ramp is funded and the
   * provider's sub-statuses may follow; the payment.confirmed (isCryptoToFiat: true) is kept on the
   * off-ramp until fiat is sent (ApplyOfframpUpdate in payments-api sends it then).
   */
  private async fund(m: EntityManager, offramp: OfframpEntity, request: RequestEntity, out: Settled): Promise<void> {
    const index = out.outbox.findIndex((e) => e.type === 'payment.confirmed' && e.aggregateId === request.id);
    if (index < 0) return;
    const [confirmed] = out.outbox.splice(index, 1);
    offramp.confirmedEvent = { ...confirmed, payload: { ...confirmed.payload, isCryptoToFiat: true } };
    if (offramp.state === 'awaiting_deposit') offramp.state = 'funded';
    await new OfframpsRepository(m).save(offramp);
  }

  private emit(out: Settled, event: DomainEvent | undefined): void {
    if (!event) return;
    out.outbox.push(event);
    out.events.push(event);
  }

  /** The wallets that paid: each counted transfer's sender, or the subscriber when a relayer executed a recurring payment. */
  private payersOf(batch: SettlementBatch, request: RequestEntity, counted: TransferRow[]): Payer[] {
    const recurring = batch.scheduleOf(request);
    return counted.map((t) => ({ address: recurring ? request.payer : t.from_address, txHash: t.tx_hash }));
  }
}

interface Settled {
  /** The payment events of the batch (for the settlement metrics, once committed). */
  events: DomainEvent[];
  /** Everything the batch appends to the outbox, in order. */
  outbox: DomainEvent[];
  /** Changed requests not saved yet (saved together at the end of the batch). */
  unsaved: RequestEntity[];
  /** Off-ramps of the batch's crypto-to-fiat requests, by request id. */
  offramps: Map<string, OfframpEntity>;
  /** The batch's payment exceptions (tolerances, stored exceptions, link expiries). */
  exceptions: SettlementExceptions;
  /** The fiat values at settlement of the transfers this batch settles. */
  fiat: TransferFiat[];
}
