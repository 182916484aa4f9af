import { Logger } from '@nestjs/common';
import type { NetworkInfo, NetworkName } from '@payrail/chains';
import { statusForAmountPaid } from '@payrail/domain';
import { appendToOutbox, RecurringRepository, RequestEntity, SecurePaymentsRepository } from '@payrail/persistence';
import type { DataSource, EntityManager } from 'typeorm';
import type { Settlement } from '../detection/settlement.js';
import { paymentEvent, type SettledTransfer } from './payment-events.js';

interface TransferRow {
  id: string;
  tx_hash: string;
  from_address: string | null;
  block_timestamp: Date;
  amount: string;
  fee_amount: string;
  settled_at: Date | null;
}

/**
 * Settles requests from confirmed transfers: the amount paid is the sum of the confirmed
 * transfers that pay the request's payee in its currency through its proxy; the status follows
 * (pending, partial, paid, overpaid); the change and its event (`payment.partial`, or
 * `payment.confirmed` once fully paid) are written in one transaction with the request row
 * locked. Recomputing from the transfers makes it idempotent: a restart or a second pass
 * changes nothing and emits nothing.
 */
export class TransferSettlement implements Settlement {
  private readonly logger = new Logger('Settlement');

  constructor(
    private readonly db: DataSource,
    private readonly networks: Readonly<Record<NetworkName, NetworkInfo>>,
  ) {}

  async settle(network: string, confirmedThrough: number, reorgedTopics: string[]): Promise<void> {
    const ready = await this.db.query<{ reference_topic: string }[]>(
      'SELECT DISTINCT reference_topic FROM payment_transfers WHERE network = $1 AND settled_at IS NULL AND block_number <= $2',
      [network, confirmedThrough],
    );
    const topics = new Set([...ready.map((r) => r.reference_topic), ...reorgedTopics]);
    for (const topic of topics) await this.db.transaction((m) => this.settleTopic(m, network, topic, confirmedThrough));
  }

  private async settleTopic(m: EntityManager, network: string, topic: string, confirmedThrough: number): Promise<void> {
    const requests = await m.find(RequestEntity, { where: { network, referenceTopic: topic }, lock: { mode: 'pessimistic_write' } });
    for (const request of requests) {
      const transfers = await m.query<TransferRow[]>(
        `SELECT id::text, tx_hash, from_address, block_timestamp, amount::text, fee_amount::text, settled_at FROM payment_transfers
          WHERE network = $1 AND reference_topic = $2 AND block_number <= $3 AND lower(to_address) = lower($4)
            AND lower(coalesce(token, '')) = lower(coalesce($5, '')) ORDER BY block_number, log_index`,
        [network, topic, confirmedThrough, request.payee, request.currencyAddress],
      );
      await this.apply(m, request, transfers);
    }
    await m.query(
      'UPDATE payment_transfers SET settled_at = now() WHERE network = $1 AND reference_topic = $2 AND block_number <= $3 AND settled_at IS NULL',
      [network, topic, confirmedThrough],
    );
  }

  private async apply(m: EntityManager, request: RequestEntity, transfers: TransferRow[]): Promise<void> {
    const total = transfers.reduce((sum, t) => sum + BigInt(t.amount), 0n);
    if (total === request.amountPaid) return;
    const fresh = transfers.filter((t) => t.settled_at === null);
    const previous = request.status;
    request.amountPaid = total;
    request.status = statusForAmountPaid(request.expectedAmount, total);
    const lastRow = transfers.at(-1);
    request.txHash = lastRow?.tx_hash ?? null;
    request.paidAt = request.status === 'paid' || request.status === 'overpaid' ? (request.paidAt ?? new Date()) : null;
    await m.save(RequestEntity, request);
    // A secure payment over this request completes when all its requests are paid (same transaction).
    await new SecurePaymentsRepository(m).settleForRequest(request.id);
    if (fresh.length === 0 || !lastRow) {
      // Only removals (a reorg): the request goes back without an event; a sent event cannot be taken back.
      this.logger.warn(`request ${request.id}: amount paid went back to ${total} (${previous} -> ${request.status}) after a reorg`);
      return;
    }
    const last: SettledTransfer = {
      txHash: lastRow.tx_hash,
      from: lastRow.from_address,
      timestamp: lastRow.block_timestamp,
      amount: BigInt(lastRow.amount),
      feeAmount: BigInt(lastRow.fee_amount),
    };
    const settled = {
      amount: fresh.reduce((s, t) => s + BigInt(t.amount), 0n),
      fees: fresh.reduce((s, t) => s + BigInt(t.fee_amount), 0n),
      last,
    };
    const [client] = request.clientIdId
      ? await m.query<{ client_id: string }[]>('SELECT client_id FROM client_ids WHERE id = $1', [request.clientIdId])
      : [];
    const recurringId = await new RecurringRepository(m).scheduleOfRequest(request.id);
    await appendToOutbox(m, [
      paymentEvent(request, client?.client_id ?? null, this.networks[request.network as NetworkName], settled, recurringId),
    ]);
  }
}
