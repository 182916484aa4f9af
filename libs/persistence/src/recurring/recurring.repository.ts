import { type EntityManager, IsNull, Not } from 'typeorm';
import type { RequestOwner } from '../requests/requests.repository.js';
import { sqlOne, sqlRows } from '../sql/typed-query.js';
import { RecurringExecutionEntity } from './recurring-execution.entity.js';
import { RecurringPaymentEntity } from './recurring-payment.entity.js';

export type NewRecurringPayment = Omit<
  RecurringPaymentEntity,
  | 'processedPayments'
  | 'failureCount'
  | 'failureReason'
  | 'permitSignature'
  | 'createdAt'
  | 'updatedAt'
  | 'perPayment'
  | 'testClockId'
  | DunningField
> & { testClockId?: string | null };

/** The dunning state (issue #37): written by the executor, cleared by a payment or an unpause. */
export const DUNNING_FIELDS = [
  'failureSubStatus',
  'dunningSince',
  'dunningAttempts',
  'nextAttemptAt',
  'pastDueAt',
  'cancellationReason',
] as const satisfies readonly (keyof RecurringPaymentEntity)[];
type DunningField = (typeof DUNNING_FIELDS)[number];

/** The dunning state of a schedule with nothing failing. */
export const NO_DUNNING = {
  failureSubStatus: null,
  dunningSince: null,
  dunningAttempts: 0,
  nextAttemptAt: null,
  pastDueAt: null,
} as const;

/** An execution with what its request says about it (for GET /v2/payouts/recurring/{id}). */
export interface ExecutionView {
  index: number;
  requestId: string;
  paymentReference: string;
  status: string;
  requestStatus: string;
  txHash: string | null;
  amount: bigint;
  executedAt: Date | null;
}

/** An execution sent for a schedule cancelled since, its transaction not recorded as mined. */
export interface CancelledInFlightExecution {
  recurringPaymentId: string;
  index: number;
  txHash: string;
  relayerNonce: number | null;
}

function ownedBy(owner: RequestOwner) {
  return owner.clientIdId ? { platformId: owner.platformId, clientIdId: owner.clientIdId } : { platformId: owner.platformId };
}

/** Recurring payment schedules and their executions; API reads go through their owner. */
export class RecurringRepository {
  constructor(private readonly manager: EntityManager) {}

  async insert(schedule: NewRecurringPayment): Promise<void> {
    await this.manager.insert(RecurringPaymentEntity, { ...schedule, processedPayments: 0, failureCount: 0, ...NO_DUNNING });
  }

  byId(owner: RequestOwner, id: string): Promise<RecurringPaymentEntity | null> {
    return this.manager.findOne(RecurringPaymentEntity, { where: { id, ...ownedBy(owner) } });
  }

  /** The owner's schedule, row-locked until the transaction ends (state changes). */
  lockById(owner: RequestOwner, id: string): Promise<RecurringPaymentEntity | null> {
    return this.manager.findOne(RecurringPaymentEntity, { where: { id, ...ownedBy(owner) }, lock: { mode: 'pessimistic_write' } });
  }

  /** Worker side (no owner): the schedule row-locked, or null when another transaction holds it. */
  async lockForExecution(id: string): Promise<RecurringPaymentEntity | null> {
    return this.manager
      .createQueryBuilder(RecurringPaymentEntity, 's')
      .where('s.id = :id', { id })
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getOne();
  }

  /** Worker side (no owner): the schedule row-locked, waiting for another holder. */
  lockForUpdate(id: string): Promise<RecurringPaymentEntity | null> {
    return this.manager.findOne(RecurringPaymentEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(
    id: string,
    changes: Partial<
      Pick<RecurringPaymentEntity, 'status' | 'permitSignature' | 'processedPayments' | 'failureCount' | 'failureReason' | DunningField>
    >,
  ): Promise<void> {
    await this.manager.update(RecurringPaymentEntity, { id }, changes);
  }

  /**
   * What the owner's own live (active or paused) schedules of this payer, token and proxy still
   * pull: remaining payments x (amount + fee + gas fee), summed. A Client ID owner counts only
   * the schedules made with it. Never another platform's: their volumes are theirs to know.
   * `excludeId`: leave that schedule out (the one being cancelled).
   */
  async outstandingOwnedBy(
    owner: RequestOwner,
    network: string,
    payer: string,
    token: string,
    proxy: string,
    excludeId?: string,
  ): Promise<bigint> {
    const row = await sqlOne<{ total: string | null }>(
      this.manager,
      `SELECT sum((total_payments - processed_payments) * (amount + fee_amount + gas_fee))::text AS total
         FROM recurring_payments
        WHERE platform_id = $1 AND ($2::text IS NULL OR client_id_id = $2)
          AND network = $3 AND lower(payer) = lower($4) AND lower(token) = lower($5) AND lower(recurring_proxy) = lower($6)
          AND status IN ('active', 'paused') AND ($7::text IS NULL OR id::text <> $7)`,
      [owner.platformId, owner.clientIdId ?? null, network, payer, token, proxy, excludeId ?? null],
    );
    return BigInt(row?.total ?? '0');
  }

  /** Ids of the active schedules on a network, oldest first. */
  async activeIds(network: string, limit: number): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.manager,
      // A schedule attached to a test clock runs on the clock's time: only the clock's advance executes it.
      `SELECT id FROM recurring_payments WHERE network = $1 AND status = 'active' AND test_clock_id IS NULL ORDER BY id LIMIT $2`,
      [network, limit],
    );
    return rows.map((r) => r.id);
  }

  /** The schedule's status (read without a lock), or undefined when there is no such schedule. */
  async status(id: string): Promise<string | undefined> {
    const row = await sqlOne<{ status: string }>(this.manager, 'SELECT status FROM recurring_payments WHERE id = $1', [id]);
    return row?.status;
  }

  /** Up to `limit` executions still `submitted` with a transaction, of the cancelled schedules of a network. */
  async cancelledInFlight(network: string, limit: number): Promise<CancelledInFlightExecution[]> {
    const rows = await sqlRows<{ recurring_payment_id: string; index: number; tx_hash: string; relayer_nonce: number | null }>(
      this.manager,
      `SELECT e.recurring_payment_id, e.index, e.tx_hash, e.relayer_nonce
         FROM recurring_executions e JOIN recurring_payments s ON s.id = e.recurring_payment_id
        WHERE s.network = $1 AND s.status = 'cancelled' AND e.status = 'submitted' AND e.tx_hash IS NOT NULL
        ORDER BY e.recurring_payment_id LIMIT $2`,
      [network, limit],
    );
    return rows.map((r) => ({
      recurringPaymentId: r.recurring_payment_id,
      index: r.index,
      txHash: r.tx_hash,
      relayerNonce: r.relayer_nonce,
    }));
  }

  async executions(id: string): Promise<ExecutionView[]> {
    const rows = await sqlRows<{
      index: number;
      request_id: string;
      payment_reference: string;
      status: string;
      request_status: string;
      tx_hash: string | null;
      amount: string;
      executed_at: Date | null;
    }>(
      this.manager,
      `SELECT e.index, e.request_id, r.payment_reference, e.status, r.status AS request_status,
              coalesce(r.tx_hash, e.tx_hash) AS tx_hash, r.expected_amount::text AS amount, coalesce(r.paid_at, e.executed_at) AS executed_at
         FROM recurring_executions e JOIN requests r ON r.id = e.request_id
        WHERE e.recurring_payment_id = $1 ORDER BY e.index`,
      [id],
    );
    return rows.map((r) => ({
      index: r.index,
      requestId: r.request_id,
      paymentReference: r.payment_reference,
      status: r.status,
      requestStatus: r.request_status,
      txHash: r.tx_hash,
      amount: BigInt(r.amount),
      executedAt: r.executed_at,
    }));
  }

  /** The schedule's execution sent and not yet recorded as mined (at most one: indexes are paid in order), or null. */
  inFlightExecution(id: string): Promise<RecurringExecutionEntity | null> {
    return this.manager.findOne(RecurringExecutionEntity, {
      where: { recurringPaymentId: id, status: 'submitted', txHash: Not(IsNull()) },
      order: { index: 'DESC' },
    });
  }

  execution(id: string, index: number): Promise<RecurringExecutionEntity | null> {
    return this.manager.findOne(RecurringExecutionEntity, { where: { recurringPaymentId: id, index } });
  }

  async insertExecution(execution: Pick<RecurringExecutionEntity, 'recurringPaymentId' | 'index' | 'requestId'>): Promise<void> {
    await this.manager.insert(RecurringExecutionEntity, { ...execution, status: 'submitted' });
  }

  async updateExecution(
    id: string,
    index: number,
    changes: Partial<
      Pick<RecurringExecutionEntity, 'status' | 'txHash' | 'relayerNonce' | 'error' | 'executedAt' | 'subStatus' | 'recoveredFrom'>
    >,
  ): Promise<void> {
    await this.manager.update(RecurringExecutionEntity, { recurringPaymentId: id, index }, changes);
  }
}
