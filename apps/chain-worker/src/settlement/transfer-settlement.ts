import { Logger } from '@nestjs/common';
import type { NetworkInfo, NetworkName } from '@payrail/chains';
import { countsToward, hasBeenPaid, paymentState, UnavailableKytProvider, type DomainEvent, type KytProvider } from '@payrail/domain';
import {
  appendToOutbox,
  RecurringRepository,
  RequestEntity,
  SecurePaymentsRepository,
  sqlExecute,
  sqlOne,
  sqlRows,
} from '@payrail/persistence';
import { observeSettlement, traceSettlement, traceSettlementOutcome } from '@payrail/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { Settlement } from '../shared/settlement.port.js';
import { PayerChecks, type Payer, type PayerCheckSubStatus } from './payer-checks.js';
import { paymentEvent, reversalEvent, type EventIdentity } from './payment-events.js';
import { observed, REVERSED_COLUMNS, termsOf, TRANSFER_COLUMNS, type ReversedRow, type TransferRow } from './settlement-rows.js';

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
 */
export class TransferSettlement implements Settlement {
  private readonly logger = new Logger('Settlement');
  private readonly payerChecks: PayerChecks;

  constructor(
    private readonly db: DataSource,
    private readonly networks: Readonly<Record<NetworkName, NetworkInfo>>,
    kyt: KytProvider = new UnavailableKytProvider(),
  ) {
    this.payerChecks = new PayerChecks(kyt);
  }

  async settle(network: string, confirmedThrough: number): Promise<void> {
    const ready = await sqlRows<{ reference_topic: string }>(
      this.db,
      `SELECT reference_topic FROM payment_transfers WHERE network = $1 AND settled_at IS NULL AND block_number <= $2
       UNION SELECT reference_topic FROM reversed_transfers WHERE network = $1`,
      [network, confirmedThrough],
    );
    // One payment reference that cannot settle now (a KYT provider down, a bad row) must not hold
    // up every other payment of the network: each settles in its own transaction, failures are
    // logged and the pass fails after the others, so the leader loop retries them next pass.
    const failed: string[] = [];
    for (const { reference_topic: topic } of ready) {
      try {
        await traceSettlement(network, topic, () => this.db.transaction((m) => this.settleTopic(m, network, topic, confirmedThrough)));
      } catch (error) {
        failed.push(topic);
        this.logger.error({ err: error, network, referenceTopic: topic }, 'settling a payment reference failed; retried next pass');
      }
    }
    if (failed.length > 0) throw new Error(`${failed.length} payment reference(s) on ${network} could not settle this pass`);
  }

  private async settleTopic(m: EntityManager, network: string, topic: string, confirmedThrough: number): Promise<void> {
    const requests = await m.find(RequestEntity, { where: { network, referenceTopic: topic }, lock: { mode: 'pessimistic_write' } });
    const transfers = await sqlRows<TransferRow>(
      m,
      `SELECT ${TRANSFER_COLUMNS} FROM payment_transfers
        WHERE network = $1 AND reference_topic = $2 AND (settled_at IS NOT NULL OR block_number <= $3) ORDER BY block_number, log_index`,
      [network, topic, confirmedThrough],
    );
    // Taken under the request locks: a concurrent settlement of this topic waits, then finds none.
    const reversed = await sqlRows<ReversedRow>(
      m,
      `DELETE FROM reversed_transfers WHERE network = $1 AND reference_topic = $2 RETURNING ${REVERSED_COLUMNS}`,
      [network, topic],
    );
    for (const request of requests) await this.apply(m, request, transfers, reversed);
    await sqlExecute(
      m,
      'UPDATE payment_transfers SET settled_at = now() WHERE network = $1 AND reference_topic = $2 AND block_number <= $3 AND settled_at IS NULL',
      [network, topic, confirmedThrough],
    );
  }

  private async apply(m: EntityManager, request: RequestEntity, transfers: TransferRow[], reversed: ReversedRow[]): Promise<void> {
    const terms = termsOf(request);
    const counted = transfers.filter((t) => countsToward(terms, observed(t)));
    const next = paymentState(terms, counted.map(observed));
    const previous = { amountPaid: request.amountPaid, feePaid: request.feePaid, status: request.status };
    const txHash = counted.at(-1)?.tx_hash ?? null;
    const changed = next.amountPaid !== previous.amountPaid || next.feePaid !== previous.feePaid || next.status !== previous.status;
    if (!changed && txHash === request.txHash) return;
    Object.assign(request, next, { txHash, paidAt: hasBeenPaid(next.status) ? (request.paidAt ?? new Date()) : null });
    await m.save(RequestEntity, request);
    // Who paid, checked before the secure payment completes: a refused payer makes it compliance_failed.
    const payerCheck =
      changed && hasBeenPaid(next.status) ? await this.payerChecks.check(m, request, await this.payersOf(m, request, counted)) : undefined;
    // A secure payment over this request completes, or opens again, with it (same transaction).
    await appendToOutbox(m, await new SecurePaymentsRepository(m).settleForRequest(request.id));
    if (!changed) return;
    const event =
      next.amountPaid < previous.amountPaid || next.feePaid < previous.feePaid
        ? await this.reversal(m, request, previous, counted, reversed)
        : await this.settlement(
            m,
            request,
            counted.filter((t) => t.settled_at === null),
            payerCheck,
          );
    if (event) await appendToOutbox(m, [event]);
    if (event) observeSettlement(request.network, event.type);
    if (event) traceSettlementOutcome(event.type);
  }

  /** What a reorg took away: the counted transfers gone from the chain (a transaction included again is not gone). */
  private async reversal(
    m: EntityManager,
    request: RequestEntity,
    previous: { amountPaid: bigint; status: string },
    counted: TransferRow[],
    reversed: ReversedRow[],
  ): Promise<DomainEvent> {
    const terms = termsOf(request);
    const still = new Set(counted.map((t) => t.tx_hash));
    const gone = reversed.filter((r) => countsToward(terms, observed(r)) && !still.has(r.tx_hash));
    const amountReversed = previous.amountPaid - request.amountPaid;
    this.logger.warn(
      `request ${request.id}: a reorg reversed ${amountReversed} (${previous.status} -> ${request.status}, ${gone.length} transfers gone)`,
    );
    const txHashes = [...new Set(gone.map((r) => r.tx_hash))];
    return reversalEvent(request, await this.identity(m, request), {
      amountReversed: amountReversed > 0n ? amountReversed : 0n,
      txHashes,
      at: new Date(),
    });
  }

  /** The event of new transfers (none when only removals changed the state, or nothing counted is new). */
  /** The wallets that paid: each counted transfer's sender, or the subscriber when a relayer executed a recurring payment. */
  private async payersOf(m: EntityManager, request: RequestEntity, counted: TransferRow[]): Promise<Payer[]> {
    const recurring = await new RecurringRepository(m).scheduleOfRequest(request.id);
    return counted.map((t) => ({ address: recurring ? request.payer : t.from_address, txHash: t.tx_hash }));
  }

  private async settlement(
    m: EntityManager,
    request: RequestEntity,
    fresh: TransferRow[],
    payerCheck?: PayerCheckSubStatus,
  ): Promise<DomainEvent | undefined> {
    const lastRow = fresh.at(-1);
    if (!lastRow) return undefined;
    const settled = {
      amount: fresh.reduce((s, t) => s + BigInt(t.amount), 0n),
      fees: fresh.reduce((s, t) => s + BigInt(t.fee_amount), 0n),
      last: {
        txHash: lastRow.tx_hash,
        from: lastRow.from_address,
        timestamp: lastRow.block_timestamp,
        amount: BigInt(lastRow.amount),
        feeAmount: BigInt(lastRow.fee_amount),
      },
    };
    return paymentEvent(request, await this.identity(m, request), this.networks[request.network as NetworkName], settled, payerCheck);
  }

  private async identity(m: EntityManager, request: RequestEntity): Promise<EventIdentity> {
    const client = request.clientIdId
      ? await sqlOne<{ client_id: string }>(m, 'SELECT client_id FROM client_ids WHERE id = $1', [request.clientIdId])
      : undefined;
    return { clientId: client?.client_id ?? null, recurringPaymentId: await new RecurringRepository(m).scheduleOfRequest(request.id) };
  }
}
