import { Logger } from '@nestjs/common';
import type { NetworkInfo, NetworkName } from '@payrail/chains';
import { countsToward, type DomainEvent, type PaymentTerms } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { paymentEvent, reversalEvent, type EventIdentity } from './payment-events.js';
import type { SettlementBatch } from './settlement-batch.js';
import { observed, type ReversedRow, type TransferRow } from './settlement-rows.js';

/**
 * The payment event of a settled request's change (TransferSettlement): `payment.reversed` when a
 * reorg took counted transfers away (amount or fee went down), else the event of the transfers
 * counted for the first time (payment.partial / payment.confirmed / payment.failed), none when
 * nothing counted is new.
 */
export class SettlementEvents {
  private readonly logger = new Logger('Settlement');

  constructor(private readonly networks: Readonly<Record<NetworkName, NetworkInfo>>) {}

  /** The event of a request whose state changed: payment.reversed when amounts went down, else the new transfers' event. */
  of(
    batch: SettlementBatch,
    request: RequestEntity,
    previous: { amountPaid: bigint; feePaid: bigint; status: string },
    { counted, reversed, terms }: { counted: TransferRow[]; reversed: ReversedRow[]; terms: PaymentTerms },
    subStatus?: string,
  ): DomainEvent | undefined {
    return request.amountPaid < previous.amountPaid || request.feePaid < previous.feePaid
      ? this.reversal(batch, request, previous, { counted, reversed, terms })
      : this.settlement(
          batch,
          request,
          counted.filter((t) => t.settled_at === null),
          subStatus,
        );
  }

  /** What a reorg took away: the counted transfers gone from the chain (a transaction included again is not gone). */
  private reversal(
    batch: SettlementBatch,
    request: RequestEntity,
    previous: { amountPaid: bigint; status: string },
    { counted, reversed, terms }: { counted: TransferRow[]; reversed: ReversedRow[]; terms: PaymentTerms },
  ): DomainEvent {
    const still = new Set(counted.map((t) => t.tx_hash));
    const gone = reversed.filter((r) => countsToward(terms, observed(r)) && !still.has(r.tx_hash));
    const amountReversed = previous.amountPaid - request.amountPaid;
    this.logger.warn(
      `request ${request.id}: a reorg reversed ${amountReversed} (${previous.status} -> ${request.status}, ${gone.length} transfers gone)`,
    );
    const txHashes = [...new Set(gone.map((r) => r.tx_hash))];
    return reversalEvent(request, this.identity(batch, request), {
      amountReversed: amountReversed > 0n ? amountReversed : 0n,
      txHashes,
      at: new Date(),
    });
  }

  /** The event of new transfers (none when only removals changed the state, or nothing counted is new). */
  private settlement(batch: SettlementBatch, request: RequestEntity, fresh: TransferRow[], subStatus?: string): DomainEvent | undefined {
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
    return paymentEvent(request, this.identity(batch, request), this.networks[request.network as NetworkName], settled, subStatus);
  }

  private identity(batch: SettlementBatch, request: RequestEntity): EventIdentity {
    return { clientId: batch.clientIdOf(request), recurringPaymentId: batch.scheduleOf(request) };
  }
}
