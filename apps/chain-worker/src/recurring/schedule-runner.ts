import { Logger } from '@nestjs/common';
import { encodeRecurringExecute } from '@payrail/permits';
import { RecurringRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { classifyFailure } from './execution-failure.js';
import type { Claim, ExecutionRecords } from './execution-records.js';
import type { RelayerChain } from './relayer-chain.js';

/** Schedules looked at per pass. */
const BATCH = 50;

/**
 * One network's executor pass (run by its LeaderLoop, so one replica at a time): every active
 * schedule whose next payment is due at chain time gets that payment executed, one index at a
 * time and in order, so an unpaused schedule catches up its missed periods pass after pass.
 * The on-chain bitmap is read before sending: an index already paid is only recorded.
 */
export class ScheduleRunner {
  private readonly logger: Logger;

  constructor(
    private readonly db: DataSource,
    private readonly network: string,
    private readonly chain: RelayerChain,
    private readonly records: ExecutionRecords,
  ) {
    this.logger = new Logger(`Recurring:${network}`);
  }

  /** True when a payment was made and more may be due right away. */
  async pass(): Promise<boolean> {
    const ids = await new RecurringRepository(this.db.manager).activeIds(this.network, BATCH);
    if (ids.length === 0) return false;
    const now = await this.chain.now();
    let progressed = false;
    for (const id of ids) {
      const claim = await this.records.claim(id, now);
      if (claim) progressed = (await this.execute(claim)) || progressed;
    }
    return progressed;
  }

  private async execute(claim: Claim): Promise<boolean> {
    const { schedule: s, index } = claim;
    const values = s.permit.values;
    if (claim.previous?.txHash) {
      const settled = await this.settlePrevious(claim, claim.previous.txHash, claim.previous.relayerNonce);
      if (settled !== 'retry') return settled === 'paid';
    }
    if (await this.chain.isExecuted(s.recurringProxy, values, index)) {
      await this.records.succeeded(claim, null, new Date());
      return true;
    }
    const data = encodeRecurringExecute(values, s.permitSignature!, index, claim.paymentReference);
    const funds = await this.chain.payerFunds(s.token, s.payer, s.recurringProxy);
    const revert = await this.chain.simulate(s.recurringProxy, data);
    if (revert === 'NotDueYet') return false; // the next block's time decides
    const failure = classifyFailure(funds, s.perPayment, revert);
    if (failure) {
      this.logger.warn(`${s.id}#${index}: ${failure.reason}`);
      await this.records.failed(claim, failure);
      return false;
    }
    const tx = await this.chain.send(s.recurringProxy, data);
    await this.records.sent(claim, tx.hash, tx.nonce);
    return this.outcome(claim, tx.hash);
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
    const tx = await this.chain.send(claim.schedule.recurringProxy, data, { hash, nonce }).catch((error: unknown) => {
      // The original was mined meanwhile ("nonce too low"): the next pass sees its receipt.
      if ((error as { code?: unknown }).code === 'NONCE_EXPIRED') return null;
      throw error;
    });
    if (!tx) return 'pending';
    await this.records.sent(claim, tx.hash, nonce);
    return (await this.outcome(claim, tx.hash)) ? 'paid' : 'pending';
  }

  private async outcome(claim: Claim, hash: string): Promise<boolean> {
    const receipt = await this.chain.wait(hash);
    if (receipt === null) return false; // still pending: the next pass looks again
    if (receipt.status === 1) {
      await this.records.succeeded(claim, hash, await this.chain.blockTime(receipt.blockNumber));
      return true;
    }
    await this.records.failed(claim, { reason: 'Transaction reverted', subStatus: 'execution_reverted' });
    return false;
  }
}
