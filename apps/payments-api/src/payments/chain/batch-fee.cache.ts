import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { BATCH_FEE_READS, type BatchFeeSettings, decodeBatchFeeSettings } from '@payrail/permits';
import type { RpcCall } from './rpc-batch.js';

/**
 * How long a batch contract's fee settings are reused. The owner changes them rarely; within this
 * time a change makes a batch revert (approval or value short) or leaves a little native value to
 * be refunded, never pays the wrong party.
 */
export const BATCH_FEE_TTL_MS = 60_000;

/**
 * The batch fee settings (`batchFee()`, `batchFeeAmountUSDLimit()`) of each network's batch
 * contract, read with the payout's own RPC round trip when missing or older than the TTL.
 */
@Injectable()
export class BatchFeeCache {
  private readonly entries = new Map<string, { settings: BatchFeeSettings; until: number }>();

  /** The settings read less than BATCH_FEE_TTL_MS ago, or undefined. */
  get(network: string, contract: string): BatchFeeSettings | undefined {
    const entry = this.entries.get(key(network, contract));
    return entry && entry.until > Date.now() ? entry.settings : undefined;
  }

  /** The two eth_calls that read the settings (to send in the payout's round trip). */
  calls(contract: string): RpcCall[] {
    return BATCH_FEE_READS.map((data) => ({ method: 'eth_call', params: [{ to: contract, data }, 'latest'] }));
  }

  /** Decodes the answers to `calls` (in order) and keeps them for the TTL. */
  store(network: string, contract: string, answers: PromiseSettledResult<unknown>[]): BatchFeeSettings {
    const [fee, limit] = answers;
    if (fee?.status !== 'fulfilled' || limit?.status !== 'fulfilled') {
      throw new PayrailError('DEPENDENCY_UNAVAILABLE', `Reading the batch fee of ${contract} on ${network} failed`);
    }
    const settings = decodeBatchFeeSettings(fee.value as string, limit.value as string);
    this.entries.set(key(network, contract), { settings, until: Date.now() + BATCH_FEE_TTL_MS });
    return settings;
  }
}

const key = (network: string, contract: string) => `${network}:${contract.toLowerCase()}`;
