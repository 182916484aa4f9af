import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { encodeApprove } from '@payrail/permits';
import { NO_DUNNING, type RecurringPaymentEntity, RecurringRepository, type RequestOwner } from '@payrail/persistence';
import { type Caller, WalletProofLedger } from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
import { DataSource } from 'typeorm';
import { PayerStateReader } from '../../payments/chain/payer-state.reader.js';
import { ownerOf } from '../../payments/owner.js';
import { type InFlightPayment, RecurringCancelEffects } from '../recurring/cancel-effects.js';
import type { RecurringTransaction } from '../recurring/recurring-payout.js';

export type RecurringAction = 'cancel' | 'unpause';

/** The spec's recurring payment update response (200), for cancel and unpause alike. */
export interface RecurringUpdateView {
  id: string;
  status: string;
  transactions: RecurringTransaction[];
  metadata: { remainingPayments: number; remainingAmount: string; processedPayments: number; totalPayments: number };
  /** Cancel only: the execution found already sent (see InFlightPayment); absent when none. */
  inFlightPayment?: InFlightPayment;
  /** Cancel only (extension): who sends `transactions` and on which network (the dashboard asks the connected wallet). */
  sender?: { address: string; network: string };
}

const remainingAmountOf = (s: RecurringPaymentEntity): bigint => s.perPayment * BigInt(s.totalPayments - s.processedPayments);

/** The schedule's progress; `remainingAmount` in the token's smallest unit. */
const progressOf = (s: RecurringPaymentEntity): RecurringUpdateView['metadata'] => ({
  remainingPayments: s.totalPayments - s.processedPayments,
  remainingAmount: remainingAmountOf(s).toString(),
  processedPayments: s.processedPayments,
  totalPayments: s.totalPayments,
});

const badRequest = (message: string) => new PayrailError('VALIDATION_FAILED', message);

/**
 * PATCH /v2/payouts/recurring/{id} {action}, with the API key, or with a Client ID and the
 * subscriber's wallet proof (see subscriberProof). `cancel` (from awaiting_signature, active or
 * paused) stops the schedule and answers the approve that lowers the payer's allowance to the
 * proxy by what this schedule still needed, never below what the payer's other live schedules
 * need, and the subscriber's `revoke(permit)` to the proxy; an execution already sent is
 * reported as `inFlightPayment` (the relayer drops it when still pending). `unpause` (only from
 * paused) makes it active again with its failures cleared (no transaction to sign); the executor
 * then pays the missed periods in order.
 */
@Injectable()
export class UpdateRecurringPayment {
  constructor(
    private readonly db: DataSource,
    private readonly reader: PayerStateReader,
    private readonly cancelEffects: RecurringCancelEffects,
    private readonly proofs: WalletProofLedger,
  ) {}

  async execute(command: { caller: Caller; id: string; action: RecurringAction; proof?: WalletProof }): Promise<RecurringUpdateView> {
    const subscriber = await this.subscriberProof(command);
    return this.db.transaction(async (manager) => {
      const repo = new RecurringRepository(manager);
      const schedule = await repo.lockById(ownerOf(command.caller), command.id);
      if (!schedule) throw new PayrailError('NOT_FOUND', 'Recurring payment not found');
      if (subscriber !== undefined && subscriber.toLowerCase() !== schedule.payer.toLowerCase())
        throw new PayrailError('FORBIDDEN', "The wallet proof is not from this recurring payment's subscriber");
      return command.action === 'cancel' ? this.cancel(repo, schedule, ownerOf(command.caller)) : this.unpause(repo, schedule);
    });
  }

  /**
   * A Client ID is public (it ships in checkout pages): with one, only the subscriber changes its
   * own schedule, proving it with a fresh signature naming the action and the id, accepted once (a
   * captured unpause proof must not revive a schedule paused again within the proof's lifetime).
   * Answers the proven wallet (checked against the schedule's payer once read), or undefined for
   * an API key.
   */
  private async subscriberProof(command: {
    caller: Caller;
    id: string;
    action: RecurringAction;
    proof?: WalletProof;
  }): Promise<string | undefined> {
    if (command.caller.kind !== 'client-id') return undefined;
    if (!command.proof)
      throw new PayrailError(
        'FORBIDDEN',
        "A Client ID changes a recurring payment only with the subscriber's wallet proof (x-wallet-proof); otherwise use the API key",
      );
    return this.proofs.spend(`${command.action}-recurring-payment`, command.id, command.proof, 'recurring-payment');
  }

  private async cancel(repo: RecurringRepository, s: RecurringPaymentEntity, owner: RequestOwner): Promise<RecurringUpdateView> {
    if (s.status === 'cancelled') throw badRequest('Recurring payment is already cancelled');
    if (s.status === 'completed') throw badRequest('Cannot cancel a completed recurring payment');
    // The row lock waits for an executor that is sending: its transaction is recorded by now.
    const inFlight = await this.cancelEffects.inFlight(repo, s);
    const processedPayments = inFlight?.state === 'paid' ? Math.max(s.processedPayments, inFlight.index) : s.processedPayments;
    const remainingPayments = s.totalPayments - processedPayments;
    const remainingAmount = s.perPayment * BigInt(remainingPayments);
    const transactions = [...(await this.allowanceDecrease(repo, s, owner, remainingAmount)), ...this.cancelEffects.revokeTransactions(s)];
    await repo.update(s.id, { status: 'cancelled', cancellationReason: 'requested', nextAttemptAt: null });
    return {
      id: s.id,
      status: 'cancelled',
      transactions,
      metadata: {
        remainingPayments,
        remainingAmount: remainingAmount.toString(),
        processedPayments,
        totalPayments: s.totalPayments,
      },
      ...(inFlight ? { inFlightPayment: inFlight } : {}),
      sender: { address: s.payer, network: s.network },
    };
  }

  /** Nothing to sign when resuming: the allowance given for the schedule still stands. */
  private async unpause(repo: RecurringRepository, s: RecurringPaymentEntity): Promise<RecurringUpdateView> {
    if (s.status !== 'paused') throw badRequest('Recurring payment is not paused');
    // Dunning starts over: the next pass tries the missed period at once (past due or not).
    await repo.update(s.id, { status: 'active', failureCount: 0, failureReason: null, ...NO_DUNNING });
    return { id: s.id, status: 'active', transactions: [], metadata: progressOf(s) };
  }

  /**
   * approve(proxy, allowance - remaining), floored at what the caller's own other live schedules of
   * the payer need; none when nothing is lowered. Never floored at other platforms' schedules: the
   * answer would disclose their volumes to anyone who names the wallet (docs/security.md). As at
   * creation, the allowance is the wallet's one number and the payer signs the approve.
   */
  private async allowanceDecrease(
    repo: RecurringRepository,
    s: RecurringPaymentEntity,
    owner: RequestOwner,
    remaining: bigint,
  ): Promise<RecurringTransaction[]> {
    if (remaining === 0n) return [];
    const [state, others] = await Promise.all([
      this.reader.read({ network: s.network, payer: s.payer, tokens: [{ token: s.token, spender: s.recurringProxy }], estimates: [] }),
      repo.outstandingOwnedBy(owner, s.network, s.payer, s.token, s.recurringProxy, s.id),
    ]);
    // Without an RPC endpoint the allowance is unknown: assume this schedule's whole need was approved.
    const current = state?.tokens[0]?.allowance ?? others + remaining;
    const lowered = current - remaining > others ? current - remaining : others;
    if (lowered >= current) return [];
    return [{ to: s.token, data: encodeApprove(s.recurringProxy, lowered), value: '0x0' }];
  }
}
