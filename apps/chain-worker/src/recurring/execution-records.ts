import { webhookEvent } from '@payrail/domain';
import {
  appendToOutbox,
  ClientIdsRepository,
  type RecurringExecutionEntity,
  type RecurringPaymentEntity,
  RecurringRepository,
  RequestsRepository,
} from '@payrail/persistence';
import type { TransactionResponse } from 'ethers';
import type { DataSource, EntityManager } from 'typeorm';
import { afterFailure, type ExecutionFailure } from './execution-failure.js';
import { executionRequest } from './execution-request.js';
import { inTransactionThen } from '../shared/after-commit.js';
import { PAYMENT_PROCESSOR } from '../shared/payment-processor.js';
import { RecurringMetrics } from './recurring.metrics.js';

/** Payment `index` of a schedule, claimed for execution. */
export interface Claim {
  schedule: RecurringPaymentEntity;
  index: number;
  requestId: string;
  paymentReference: string;
  /** The earlier attempt at this index, if any (its transaction may still be pending). */
  previous: RecurringExecutionEntity | null;
}

/** The relayer's receipt wait (30 s) and a margin. */
const IN_FLIGHT_MS = 35_000;

const dueAt = (s: RecurringPaymentEntity, index: number) => s.firstExec + (index - 1) * s.periodSeconds;

/**
 * The executor's writes, each one short transaction with the schedule row locked. The claim
 * creates the payment's request and execution row before anything is sent; the row's primary
 * key (schedule, index) makes a second claim of the same index impossible. Outcomes are counted
 * once their transaction has committed (inTransactionThen).
 */
export class ExecutionRecords {
  /**
   * @param retryDelayMs wait after a failed attempt before the next one
   * @param inFlightMs an attempt being sent (or its receipt awaited) is left alone this long, so a
   *   second runner never sends the same index meanwhile; past it, a stuck transaction is replaced
   */
  constructor(
    private readonly db: DataSource,
    private readonly retryDelayMs: number,
    private readonly inFlightMs = IN_FLIGHT_MS,
    readonly metrics = new RecurringMetrics(),
  ) {}

  /** The next payment of an active schedule when it is due at `now` (chain time) and not waiting for a retry; else null. */
  claim(id: string, now: number): Promise<Claim | null> {
    return this.db.transaction(async (m) => {
      const repo = new RecurringRepository(m);
      const s = await repo.lockForExecution(id); // skipped while a PATCH or another replica holds it
      if (!s || s.status !== 'active') return null;
      const index = s.processedPayments + 1;
      if (index > s.totalPayments) {
        await repo.update(id, { status: 'completed' });
        return null;
      }
      if (dueAt(s, index) > now) return null;
      const previous = await repo.execution(id, index);
      if (!previous) {
        const request = executionRequest(s, index);
        await new RequestsRepository(m).insert([request]);
        await repo.insertExecution({ recurringPaymentId: id, index, requestId: request.id });
        return { schedule: s, index, requestId: request.id, paymentReference: request.paymentReference, previous: null };
      }
      const age = Date.now() - previous.updatedAt.getTime();
      if (previous.status === 'failed' && age < this.retryDelayMs) return null;
      if (previous.status === 'submitted' && age < this.inFlightMs) return null;
      if (previous.status === 'succeeded') return null; // recorded, processedPayments follows in the same transaction
      // Renews the lease: no other runner takes this attempt while it is under way.
      await repo.updateExecution(id, index, { status: 'submitted', error: null });
      const request = await new RequestsRepository(m).byId({ platformId: s.platformId }, previous.requestId);
      if (!request) throw new Error(`execution ${id}#${index} lost its request ${previous.requestId}`);
      return { schedule: s, index, requestId: request.id, paymentReference: request.paymentReference, previous };
    });
  }

  /**
   * Re-checks under the schedule's row lock that it is still active, then runs `broadcast` (sign
   * and send) and records the transaction, all before the lock is released: a cancel either
   * lands first (nothing is sent; the attempt is closed as failed) or waits and then finds the
   * transaction recorded (and has it dropped). Null when nothing was sent.
   */
  sendIfActive(claim: Claim, broadcast: () => Promise<TransactionResponse>): Promise<TransactionResponse | null> {
    return this.db.transaction(async (m) => {
      const repo = new RecurringRepository(m);
      const s = await repo.lockForUpdate(claim.schedule.id);
      if (s?.status !== 'active') {
        // A replacement of a sent attempt is not made either; the cancelled-in-flight step drops that one.
        if (!claim.previous?.txHash) {
          await repo.updateExecution(claim.schedule.id, claim.index, {
            status: 'failed',
            error: `Not sent: the schedule is ${s?.status ?? 'gone'}`,
          });
        }
        return null;
      }
      const tx = await broadcast();
      // Counted when broadcast, not at commit: the transaction is on its way whether or not this
      // record commits (a pass that finds it executed then records it as confirmed, unsent again).
      this.metrics.observe(s.network, 'sent');
      // Also renews the in-flight lease of the attempt.
      await repo.updateExecution(claim.schedule.id, claim.index, {
        status: 'submitted',
        txHash: tx.hash,
        relayerNonce: tx.nonce,
        error: null,
      });
      return tx;
    });
  }

  /** True once the schedule is no longer active (cancelled meanwhile): a receipt wait stops then. */
  async stopped(scheduleId: string): Promise<boolean> {
    return (await new RecurringRepository(this.db.manager).status(scheduleId)) !== 'active';
  }

  /** Payment made: counted, failures cleared, and the last one completes the schedule. */
  succeeded(claim: Claim, txHash: string | null, executedAt: Date): Promise<void> {
    return this.succeededAt(claim.schedule.id, claim.index, txHash, executedAt);
  }

  succeededAt(scheduleId: string, index: number, txHash: string | null, executedAt: Date): Promise<void> {
    return inTransactionThen(this.db, async (m, afterCommit) => {
      const repo = new RecurringRepository(m);
      const s = await repo.lockForUpdate(scheduleId);
      const execution = await repo.execution(scheduleId, index);
      if (!s || execution?.status === 'succeeded') return;
      await repo.updateExecution(s.id, index, {
        status: 'succeeded',
        txHash: txHash ?? execution?.txHash ?? null,
        executedAt,
        error: null,
      });
      const processedPayments = Math.max(s.processedPayments, index);
      const completed = processedPayments >= s.totalPayments && s.status === 'active';
      await repo.update(s.id, { processedPayments, failureCount: 0, failureReason: null, ...(completed ? { status: 'completed' } : {}) });
      afterCommit(() => this.metrics.observe(s.network, 'confirmed'));
    });
  }

  /** Payment not made: counted toward the pause (3 in a row), with payment.failed for its request. */
  failed(claim: Claim, failure: ExecutionFailure): Promise<void> {
    return inTransactionThen(this.db, async (m, afterCommit) => {
      const repo = new RecurringRepository(m);
      const s = await repo.lockForUpdate(claim.schedule.id);
      if (!s) return;
      await repo.updateExecution(s.id, claim.index, { status: 'failed', error: failure.reason });
      const { failureCount, pause } = afterFailure(s.failureCount);
      await repo.update(s.id, {
        failureCount,
        failureReason: failure.reason,
        ...(pause && s.status === 'active' ? { status: 'paused' } : {}),
      });
      await appendToOutbox(m, [await this.failedEvent(m, claim, failure)]);
      const paused = pause && s.status === 'active';
      afterCommit(() => {
        this.metrics.observe(s.network, 'failed');
        if (paused) this.metrics.observe(s.network, 'paused');
      });
    });
  }

  private async failedEvent(m: EntityManager, claim: Claim, failure: ExecutionFailure) {
    const s = claim.schedule;
    return webhookEvent(
      'payment.failed',
      { aggregateType: 'request', aggregateId: claim.requestId },
      {
        requestId: claim.requestId,
        requestID: claim.requestId,
        paymentReference: claim.paymentReference,
        clientId: await new ClientIdsRepository(m).publicClientId(s.clientIdId),
        subStatus: failure.subStatus,
        paymentProcessor: PAYMENT_PROCESSOR,
        recurringPayment: { id: s.id },
      },
      { platformId: s.platformId },
    );
  }
}
