import type { Logger } from '@nestjs/common';
import { type CancelledInFlightExecution, RecurringRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { ExecutionRecords } from './execution-records.js';
import type { RelayerChain } from '../shared/relayer-chain.js';

/** Sent executions of cancelled schedules looked at per pass. */
const BATCH = 50;
/** How long a pass waits for the drop transaction to be mined before leaving it to the next pass. */
const DROP_WAIT_MS = 2_000;

/**
 * A cancel that finds an execution sent but not mined (see the API's `inFlightPayment`) leaves it
 * here: the relayer takes its nonce back with a 0-value self-transfer at higher fees, so the
 * payment is dropped. Mined before that anyway: recorded as the payment it is. Each execution ends
 * `succeeded` or `failed` (error says why); no payment.failed event, the schedule is cancelled.
 */
export class CancelledInFlight {
  constructor(
    private readonly db: DataSource,
    private readonly network: string,
    private readonly chain: RelayerChain,
    private readonly records: ExecutionRecords,
    private readonly logger: Logger,
  ) {}

  async settle(): Promise<void> {
    const executions = await new RecurringRepository(this.db.manager).cancelledInFlight(this.network, BATCH);
    for (const execution of executions) await this.settleOne(execution);
  }

  private async settleOne(execution: CancelledInFlightExecution): Promise<void> {
    const { recurringPaymentId: id, index, txHash: hash, relayerNonce: nonce } = execution;
    const receipt = await this.chain.receipt(hash);
    if (receipt?.status === 1) {
      this.logger.warn(`${id}#${index}: mined before the cancel could drop it (${hash})`);
      await this.records.succeededAt(id, index, hash, await this.chain.blockTime(receipt.blockNumber));
      return;
    }
    if (receipt) return this.close(id, index, `Reverted after the cancel (${hash})`);
    if (nonce === null) return this.close(id, index, `Cancelled; ${hash} not tracked by nonce`);
    if ((await this.chain.minedNonce()) > nonce)
      return this.close(id, index, `Dropped after the cancel: relayer nonce ${nonce} taken by another transaction`);
    const drop = await this.chain.dropPending(hash, nonce).catch((error: unknown) => {
      // Mined meanwhile ("nonce too low"), or our drop is already pending ("already known",
      // "replacement underpriced"): the next pass reads the outcome.
      const code = (error as { code?: unknown }).code;
      this.logger.warn(`${id}#${index}: drop of ${hash} not sent: ${typeof code === 'string' ? code : 'RPC error'}`);
      return null;
    });
    if (!drop) return;
    this.logger.log(`${id}#${index}: cancelled while pending; ${hash} replaced by ${drop.hash} (nonce ${nonce})`);
    const mined = await this.chain.wait(drop.hash, DROP_WAIT_MS);
    if (mined) await this.close(id, index, `Dropped after the cancel: nonce ${nonce} replaced by ${drop.hash}`);
  }

  /** The attempt ends failed (it made no payment); only while still `submitted`. */
  private async close(id: string, index: number, reason: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const repo = new RecurringRepository(m);
      await repo.lockForUpdate(id);
      const execution = await repo.execution(id, index);
      if (execution?.status === 'submitted') await repo.updateExecution(id, index, { status: 'failed', error: reason });
    });
  }
}
