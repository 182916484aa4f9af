import { afterFailedAttempt, type ClassifiedFailure } from '@payrail/domain';
import {
  appendToOutbox,
  NO_DUNNING,
  type RecurringExecutionEntity,
  type RecurringPaymentEntity,
  RecurringRepository,
  RequestsRepository,
} from '@payrail/persistence';
import { formatUnits, type TransactionResponse } from 'ethers';
import type { DataSource } from 'typeorm';
import { dunningPolicyOf, failedEvent, scheduleEvent } from './dunning-events.js';
import { executionRequest } from './execution-request.js';
import { inTransactionThen } from '../shared/after-commit.js';
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

export const dueAt = (s: RecurringPaymentEntity, index: number) => s.firstExec + (index - 1) * s.periodSeconds;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The executor's writes, each one short transaction with the schedule row locked. The claim
 * creates the payment's request and execution row before anything is sent; the row's primary
 * key (schedule, index) makes a second claim of the same index impossible. Outcomes are counted
 * once their transaction has committed (inTransactionThen).
 */
export class ExecutionRecords {
  /**
   * @param inFlightMs an attempt being sent (or its receipt awaited) is left alone this long, so a
   *   second runner never sends the same index meanwhile; past it, a stuck transaction is replaced
   */
  constructor(
    private readonly db: DataSource,
    private readonly inFlightMs = IN_FLIGHT_MS,
    readonly metrics = new RecurringMetrics(),
  ) {}

  /**
   * The next payment of an active schedule when it is due at `now` (chain time) and not waiting
   * for its dunning retry (`next_attempt_at`, chain time); else null.
   */
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
      if (s.nextAttemptAt && seconds(s.nextAttemptAt) > now) return null;
      const previous = await repo.execution(id, index);
      if (!previous) {
        const request = executionRequest(s, index);
        await new RequestsRepository(m).insert([request]);
        await repo.insertExecution({ recurringPaymentId: id, index, requestId: request.id });
        return { schedule: s, index, requestId: request.id, paymentReference: request.paymentReference, previous: null };
      }
      const age = Date.now() - previous.updatedAt.getTime();
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
      // A period that had failed attempts (this one, or the catch-up after an unpause) recovered.
      const recoveredFrom = execution?.subStatus ?? (s.processedPayments + 1 === index ? s.failureSubStatus : null);
      await repo.updateExecution(s.id, index, {
        status: 'succeeded',
        txHash: txHash ?? execution?.txHash ?? null,
        executedAt,
        error: null,
        recoveredFrom,
      });
      const processedPayments = Math.max(s.processedPayments, index);
      const completed = processedPayments >= s.totalPayments && s.status === 'active';
      await repo.update(s.id, {
        processedPayments,
        failureCount: 0,
        failureReason: null,
        ...NO_DUNNING,
        ...(completed ? { status: 'completed' } : {}),
      });
      const delay = seconds(executedAt) - dueAt(s, index);
      const amount = Number(formatUnits(s.amount, s.currencyDecimals));
      afterCommit(() => {
        this.metrics.observe(s.network, 'confirmed');
        this.metrics.paid(s.network, delay, recoveredFrom ? { reason: recoveredFrom, currency: s.paymentCurrency, amount } : null);
      });
    });
  }

  /**
   * Payment not made (at chain time `now`): recorded with its reason on the execution and the
   * schedule, payment.failed for its request, and the dunning step the platform's policy gives:
   * another attempt at an absolute chain time (`next_attempt_at`), or past due (paused, with
   * schedule.past_due) when retries are used up or cannot help.
   */
  failed(claim: Claim, failure: ClassifiedFailure, now: number): Promise<void> {
    return inTransactionThen(this.db, async (m, afterCommit) => {
      const repo = new RecurringRepository(m);
      const s = await repo.lockForUpdate(claim.schedule.id);
      if (!s) return;
      await repo.updateExecution(s.id, claim.index, { status: 'failed', error: failure.reason, subStatus: failure.subStatus });
      const since = s.dunningSince ? seconds(s.dunningSince) : now;
      const attempts = s.dunningAttempts + 1;
      const step = afterFailedAttempt(await dunningPolicyOf(m, s.platformId), failure.subStatus, attempts, since, now);
      const pastDue = step.kind === 'past_due' && s.status === 'active';
      const nextAttemptAt = step.kind === 'retry' ? new Date(step.nextAttemptAt * 1000) : null;
      const changes = {
        failureCount: s.failureCount + 1,
        failureReason: failure.reason,
        failureSubStatus: failure.subStatus,
        dunningSince: new Date(since * 1000),
        dunningAttempts: attempts,
        nextAttemptAt,
        ...(pastDue ? { status: 'paused' as const, pastDueAt: new Date(now * 1000) } : {}),
      };
      await repo.update(s.id, changes);
      const events = [await failedEvent(m, claim, failure, attempts, nextAttemptAt)];
      if (pastDue) events.push(await scheduleEvent(m, 'schedule.past_due', { ...s, ...changes }, now));
      await appendToOutbox(m, events);
      afterCommit(() => {
        this.metrics.observe(s.network, 'failed');
        this.metrics.failed(s.network, failure.subStatus);
        if (pastDue) this.metrics.observe(s.network, 'paused');
      });
    });
  }
}
