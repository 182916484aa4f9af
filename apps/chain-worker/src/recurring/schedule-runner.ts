import { Logger } from '@nestjs/common';
import { type AttemptSnapshot, classifyAttempt, type ClassifiedFailure, describeFailure, type KytProvider } from '@payrail/domain';
import { encodeRecurringExecute, schedulePermitDigest } from '@payrail/permits';
import { type RecurringPaymentEntity, RecurringRepository } from '@payrail/persistence';
import { isError } from 'ethers';
import type { DataSource } from 'typeorm';
import { CancelledInFlight } from './cancelled-in-flight.js';
import { DunningSweep } from './dunning-sweep.js';
import type { Claim, ExecutionRecords } from './execution-records.js';
import { PreDueChecks } from './pre-due-checks.js';
import { RelayerChain } from '../shared/relayer-chain.js';

/** Schedules looked at per pass. */
const BATCH = 50;
/** While awaiting a receipt, how often the schedule is checked for a cancel (then its transaction is dropped at once). */
const CANCEL_CHECK_MS = 500;

/**
 * One network's executor pass (run by its LeaderLoop, so one replica at a time): every active
 * schedule whose next payment is due at chain time gets that payment executed, one index at a
 * time and in order, so an unpaused schedule catches up its missed periods pass after pass.
 * The on-chain bitmap is read before sending: an index already paid is only recorded. The
 * transaction is signed and sent only under the schedule's row lock after re-reading `active`,
 * and an execution a cancel caught in flight is dropped (CancelledInFlight) first thing each pass.
 * Shutting down (`stopping`), a pass claims no further schedule and stops waiting for a receipt:
 * whatever was sent is recorded with its hash before the wait, so the next pass (any replica)
 * settles it from its receipt, and nothing is ever sent without its record.
 * Each pass also runs dunning's past-due sweep and the pre-due checks at the same chain time.
 * A failed attempt is classified from the chain read before it (and after it, for a revert):
 * see classifyAttempt; an RPC failure during an attempt is `rpc_error`.
 */
export class ScheduleRunner {
  private readonly logger: Logger;
  private readonly cancelled: CancelledInFlight;
  private readonly sweep: DunningSweep;
  private readonly preDue: PreDueChecks;

  constructor(
    private readonly db: DataSource,
    private readonly network: string,
    private readonly chain: RelayerChain,
    private readonly records: ExecutionRecords,
    private readonly stopping: () => boolean = () => false,
    /**
     * Seconds test clocks moved this chain ahead (the local chain only, else 0): subtracted from
     * chain time, so a schedule not attached to a clock falls due when it would have without them.
     */
    private readonly chainSkew: () => Promise<number> = () => Promise.resolve(0),
    private readonly kyt: KytProvider | null = null,
  ) {
    this.logger = new Logger(`Recurring:${network}`);
    this.cancelled = new CancelledInFlight(db, network, chain, records, this.logger);
    this.sweep = new DunningSweep(db, network);
    this.preDue = new PreDueChecks(db, network, chain, kyt);
  }

  /** True when a payment was made and more may be due right away. */
  async pass(): Promise<boolean> {
    await this.cancelled.settle();
    const now = (await this.chain.now()) - (await this.chainSkew());
    await this.sweep.pass(now);
    // A pre-due check that cannot read the chain now is made by a later pass; execution goes on.
    await this.preDue.pass(now).catch((error: unknown) => this.logger.warn(`pre-due checks: ${String(error)}`));
    const ids = await new RecurringRepository(this.db.manager).activeIds(this.network, BATCH);
    if (ids.length === 0) return false;
    return this.executeDue(ids, now);
  }

  /**
   * The next payment of each schedule of `ids` that is due at `now` (Unix seconds): the ordinary
   * pass gives chain time, a test clock its own time (after moving the chain there). True when a
   * payment was made (the schedule may have another one due at `now`).
   */
  async executeDue(ids: readonly string[], now: number): Promise<boolean> {
    let progressed = false;
    for (const id of ids) {
      if (this.stopping()) break;
      const claim = await this.records.claim(id, now);
      if (claim) this.records.metrics.observe(this.network, 'due');
      if (claim) progressed = (await this.execute(claim, now)) || progressed;
    }
    return progressed;
  }

  /** One attempt; an RPC failure on the way is recorded as `rpc_error` (the next attempt follows the dunning schedule). */
  private async execute(claim: Claim, now: number): Promise<boolean> {
    try {
      return await this.attempt(claim, now);
    } catch (error) {
      if (!isRpcFailure(error)) throw error;
      return this.fail(claim, describeFailure('rpc_error', (error as { code: string }).code), now);
    }
  }

  private async attempt(claim: Claim, now: number): Promise<boolean> {
    const { schedule: s, index } = claim;
    const values = s.permit.values;
    if (claim.previous?.txHash) {
      const settled = await this.settlePrevious(claim, claim.previous.txHash, claim.previous.relayerNonce);
      if (settled !== 'retry') return settled === 'paid';
    }
    if (await this.chain.isExecuted(s.recurringProxy, values, index)) {
      await this.records.succeeded(claim, null, new Date(now * 1000));
      return true;
    }
    const data = encodeRecurringExecute(values, s.permitSignature!, index, claim.paymentReference);
    const before = await this.snapshot(s, now);
    const revert = await this.chain.simulate(s.recurringProxy, data);
    if (revert === 'NotDueYet') return false; // the next block's time decides
    const failure = classifyAttempt(before, revert);
    if (failure) return this.fail(claim, failure, now);
    const prepared = await this.relayerFunded(() => this.chain.prepare(s.recurringProxy, data));
    const gas = prepared && classifyAttempt({ ...before, gasCost: RelayerChain.gasCost(prepared) }, null);
    if (!prepared || gas) return this.fail(claim, gas ?? describeFailure('gas_unavailable'), now);
    const tx = await this.relayerFunded(() => this.records.sendIfActive(claim, () => this.chain.broadcast(prepared)));
    if (tx === undefined) return this.fail(claim, describeFailure('gas_unavailable'), now);
    if (!tx) {
      this.logger.log(`${s.id}#${index}: not sent, the schedule was cancelled meanwhile`);
      return false;
    }
    return this.outcome(claim, tx.hash);
  }

  /** What stands between the subscriber and a payment at chain time `now`, read from the chain (and the screening). */
  private async snapshot(s: RecurringPaymentEntity, now: number): Promise<AttemptSnapshot> {
    const digest = schedulePermitDigest(s.permit);
    const [[state], relayerBalance, screening] = await Promise.all([
      this.chain.subscriberStates([{ token: s.token, payer: s.payer, proxy: s.recurringProxy, digest }]),
      this.chain.balance(),
      this.kyt ? this.kyt.screen(s.payer) : null,
    ]);
    return {
      screeningBlocked: screening?.status === 'rejected',
      revoked: state.revoked,
      now,
      deadline: Number(s.permit.values.deadline),
      balance: state.balance,
      allowance: state.allowance,
      needed: s.perPayment,
      relayerBalance,
      gasCost: null,
    };
  }

  /** Runs a step that spends the relayer's gas; undefined when the node refuses it for lack of funds. */
  private async relayerFunded<T>(step: () => Promise<T>): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (isError(error, 'INSUFFICIENT_FUNDS') || /insufficient funds/i.test(String((error as Error).message))) return undefined;
      throw error;
    }
  }

  private async fail(claim: Claim, failure: ClassifiedFailure, now: number): Promise<false> {
    this.logger.warn(`${claim.schedule.id}#${claim.index}: ${failure.subStatus} (${failure.reason})`);
    await this.records.failed(claim, failure, now);
    return false;
  }

  /** An earlier attempt's transaction: paid, failed (try again), or stuck (replaced with its nonce). */
  private async settlePrevious(claim: Claim, hash: string, nonce: number | null): Promise<'paid' | 'pending' | 'retry'> {
    const receipt = await this.chain.receipt(hash);
    if (receipt?.status === 1) {
      await this.records.succeeded(claim, hash, await this.chain.blockTime(receipt.blockNumber));
      return 'paid';
    }
    if (receipt || nonce === null) return 'retry';
    if (await this.chain.isExecuted(claim.schedule.recurringProxy, claim.schedule.permit.values, claim.index)) return 'retry';
    const data = encodeRecurringExecute(claim.schedule.permit.values, claim.schedule.permitSignature!, claim.index, claim.paymentReference);
    this.logger.warn(`${claim.schedule.id}#${claim.index}: transaction ${hash} is stuck; replacing it (nonce ${nonce})`);
    const prepared = await this.chain.prepare(claim.schedule.recurringProxy, data, { hash, nonce });
    const tx = await this.records
      .sendIfActive(claim, () => this.chain.broadcast(prepared))
      .catch((error: unknown) => {
        // The original was mined meanwhile ("nonce too low"): the next pass sees its receipt.
        if ((error as { code?: unknown }).code === 'NONCE_EXPIRED') return null;
        throw error;
      });
    if (!tx) return 'pending';
    return (await this.outcome(claim, tx.hash)) ? 'paid' : 'pending';
  }

  private async outcome(claim: Claim, hash: string): Promise<boolean> {
    const receipt = await this.receiptUnlessCancelled(claim, hash);
    if (receipt === null) return false; // still pending (the next pass looks again) or dropped after a cancel
    if (receipt.status === 1) {
      await this.records.succeeded(claim, hash, await this.chain.blockTime(receipt.blockNumber));
      return true;
    }
    // Reverted on chain: the state after the attempt says why (drained or revoked meanwhile).
    const now = Math.floor((await this.chain.blockTime(receipt.blockNumber)).getTime() / 1000);
    const after = await this.snapshot(claim.schedule, now);
    return this.fail(claim, classifyAttempt(after, 'reverted') ?? describeFailure('execution_reverted'), now);
  }

  /** The receipt within the relayer's timeout; a cancel meanwhile stops the wait and has the transaction dropped now. */
  private async receiptUnlessCancelled(claim: Claim, hash: string) {
    const deadline = Date.now() + this.chain.receiptTimeoutMs;
    for (;;) {
      const receipt = await this.chain.wait(hash, Math.max(1, Math.min(CANCEL_CHECK_MS, deadline - Date.now())));
      if (receipt || Date.now() >= deadline || this.stopping()) return receipt;
      if (await this.records.stopped(claim.schedule.id)) {
        await this.cancelled.settle();
        return null;
      }
    }
  }
}

/** A failure of the RPC endpoint itself (unreachable, 5xx, timeout), as ethers reports it. */
function isRpcFailure(error: unknown): boolean {
  return isError(error, 'SERVER_ERROR') || isError(error, 'NETWORK_ERROR') || isError(error, 'TIMEOUT');
}
