import { encodeDeployAndSweep } from '@payrail/chains';
import { decodeUint256, encodeBalanceOf } from '@payrail/permits';
import { type AbstractProvider, getAddress, id, zeroPadValue, ZeroAddress } from 'ethers';
import type { RelayerChain } from '../shared/relayer-chain.js';
import type { DepositMetrics } from './deposits.metrics.js';
import type { DepositTransferRecord, DepositWatchLimits as WatchLimits } from '@payrail/persistence';
import type { DepositRecords, WatchedDeposit } from './deposit-records.js';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
/** DepositForwarder.swept() */
const SWEPT_SELECTOR = id('swept()').slice(0, 10);
/** ERC-20 decimals() */
const DECIMALS_SELECTOR = id('decimals()').slice(0, 10);
/** A claimed sweep with no transaction hash this long (the replica died before sending) goes back to watching. */
const UNSENT_AFTER_MS = 60_000;
/** A sweep whose transaction the node no longer knows after this long goes back to watching. */
const VANISHED_AFTER_MS = 180_000;
/** Addresses per eth_getLogs topic list. */
const LOG_ADDRESS_CHUNK = 500;

export interface SweeperOptions {
  network: string;
  factory: string;
  confirmations: number;
  limits: WatchLimits;
  maxLogRange: number;
}

/**
 * One network's deposit addresses, one pass at a time (run by its leader): reads each watched
 * address's balance at the confirmed block (head - confirmations), records it, and once amount + fee
 * are there sends factory.deployAndSweep(terms) from the relayer; then records the sweep's receipt
 * and gas. The payment itself is the fee proxy's event, which detection and settlement handle as any
 * other. Token Transfer logs to watched addresses are recorded too (a wrong token is never counted,
 * and raises a wrong_token payment exception).
 */
export class DepositSweeper {
  private logsFrom: number | null = null;

  constructor(
    private readonly provider: AbstractProvider,
    private readonly chain: RelayerChain,
    private readonly records: DepositRecords,
    private readonly options: SweeperOptions,
    private readonly metrics: DepositMetrics,
    private readonly now: () => number = Date.now,
  ) {}

  /** One pass; true when it did work (another pass may follow at once). */
  async pass(): Promise<boolean> {
    const head = await this.provider.getBlockNumber();
    const safe = Math.max(0, head - this.options.confirmations);
    const finished = await this.finishOpen();
    const watched = await this.records.watched(this.options.limits);
    if (watched.length === 0) return finished;
    const received = await Promise.all(watched.map((d) => this.balanceAt(d, safe)));
    await this.records.recordReceived(watched, received, safe);
    await this.readTransfers(watched, safe);
    const due = watched.filter((_, i) => received[i] >= watched[i].expected);
    return (await this.sweep(due)) || finished;
  }

  private async balanceAt(d: WatchedDeposit, block: number): Promise<bigint> {
    if (d.terms.token === ZeroAddress) return this.provider.getBalance(d.address, block);
    return decodeUint256(await this.provider.call({ to: d.terms.token, data: encodeBalanceOf(d.address), blockTag: block }));
  }

  /**
   * Claims the due deposits (a row another replica claimed is skipped) and sends their sweeps: every
   * sweep is prepared at once (the gas estimate is its simulation: one that would revert, Underfunded
   * after a reorg or AlreadySwept, is released unsent), then the prepared ones take consecutive nonces
   * and are broadcast together, so a block of deposits costs one round of RPC calls, not one per deposit.
   */
  private async sweep(due: WatchedDeposit[]): Promise<boolean> {
    const won = await this.records.claim(due.map((d) => d.requestId));
    if (won.size === 0) return false;
    const claimed = due.filter((x) => won.has(x.requestId));
    const base = await this.chain.pendingNonce();
    const prepared = await Promise.allSettled(
      claimed.map((d) => this.chain.prepareAt(this.options.factory, encodeDeployAndSweep(d.terms), base)),
    );
    const ready: { d: WatchedDeposit; tx: Awaited<ReturnType<RelayerChain['prepareAt']>> }[] = [];
    for (const [i, result] of prepared.entries()) {
      if (result.status === 'fulfilled') ready.push({ d: claimed[i], tx: { ...result.value, nonce: base + ready.length } });
      else await this.records.release(claimed[i].requestId, errorText(result.reason));
    }
    const sent = await Promise.allSettled(ready.map(({ tx }) => this.chain.broadcast(tx)));
    for (const [i, result] of sent.entries()) {
      if (result.status === 'fulfilled') {
        await this.records.sent(ready[i].d.requestId, result.value.hash);
        this.metrics.observe(this.options.network, 'sent');
      } else {
        // A nonce below a failed broadcast's is still used; the ones above wait in the pool behind the gap,
        // which the next pass's sends fill (this deposit is claimed again then).
        await this.records.release(ready[i].d.requestId, errorText(result.reason));
      }
    }
    return true;
  }

  /** Records the receipts of sent sweeps; gives back to watching the ones never sent or vanished. */
  private async finishOpen(): Promise<boolean> {
    const open = await this.records.open();
    const receipts = await Promise.all(open.map((o) => (o.txHash ? this.chain.receipt(o.txHash) : Promise.resolve(null))));
    let done = false;
    for (const [i, o] of open.entries()) {
      const receipt = receipts[i];
      const age = this.now() - o.sentAt.getTime();
      if (!receipt) {
        if (!o.txHash && age > UNSENT_AFTER_MS) await this.records.release(o.requestId, 'claimed but never sent');
        else if (o.txHash && age > VANISHED_AFTER_MS && !(await this.provider.getTransaction(o.txHash))) {
          await this.records.release(o.requestId, `sweep ${o.txHash} vanished`);
        }
        continue;
      }
      // A reverted sweep whose forwarder is nevertheless swept (an earlier transaction of ours did it) counts as swept.
      const ok = receipt.status === 1 || (await this.isSwept(o.address));
      const block = await this.provider.getBlock(receipt.blockNumber);
      const held = ok ? 0n : await this.heldBy(o);
      await this.records.mined(o, ok, receipt.gasUsed, receipt.gasUsed * receipt.gasPrice, new Date((block?.timestamp ?? 0) * 1000), held);
      this.metrics.observe(this.options.network, ok ? 'swept' : 'failed');
      this.metrics.gasSpent(this.options.network, receipt.gasUsed * receipt.gasPrice);
      done = true;
    }
    return done;
  }

  /** What a forwarder whose sweep reverted still holds of its request's token (the watched row's received balance). */
  private async heldBy(sweep: { requestId: string }): Promise<bigint> {
    return this.records.receivedOf(sweep.requestId);
  }

  /** A token's decimals() (0 when it answers none: the amount is then shown in base units). */
  private async decimalsOf(token: string): Promise<number> {
    try {
      const decimals = decodeUint256(await this.provider.call({ to: token, data: DECIMALS_SELECTOR }));
      return decimals <= 77n ? Number(decimals) : 0;
    } catch {
      return 0;
    }
  }

  private async isSwept(forwarder: string): Promise<boolean> {
    const code = await this.provider.getCode(forwarder);
    if (code === '0x') return false;
    return decodeUint256(await this.provider.call({ to: forwarder, data: SWEPT_SELECTOR })) === 1n;
  }

  /** Token Transfer logs to the watched addresses from the last read block to `safe` (at most maxLogRange blocks a pass). */
  private async readTransfers(watched: WatchedDeposit[], safe: number): Promise<void> {
    const from = this.logsFrom ?? Math.max(0, safe - this.options.maxLogRange + 1);
    if (from > safe) return;
    const to = Math.min(safe, from + this.options.maxLogRange - 1);
    const byAddress = new Map(watched.map((d) => [d.address.toLowerCase(), d]));
    const addresses = [...byAddress.keys()];
    const transfers: DepositTransferRecord[] = [];
    for (let i = 0; i < addresses.length; i += LOG_ADDRESS_CHUNK) {
      const topics = addresses.slice(i, i + LOG_ADDRESS_CHUNK).map((a) => zeroPadValue(a, 32));
      const logs = await this.provider.getLogs({ fromBlock: from, toBlock: to, topics: [TRANSFER_TOPIC, null, topics] });
      for (const log of logs) {
        if (log.topics.length !== 3 || log.data.length !== 66) continue; // ERC-721 transfers index the id; not a token amount
        const to = getAddress(`0x${log.topics[2].slice(26)}`);
        const deposit = byAddress.get(to.toLowerCase());
        if (!deposit) continue;
        const token = getAddress(log.address);
        transfers.push({
          txHash: log.transactionHash,
          logIndex: log.index,
          address: to,
          token,
          sender: getAddress(`0x${log.topics[1].slice(26)}`),
          amount: BigInt(log.data),
          block: log.blockNumber,
          counted: token === getAddress(deposit.terms.token),
        });
      }
    }
    await this.records.recordTransfers(transfers);
    const wrong = transfers.filter((t) => !t.counted);
    if (wrong.length > 0) {
      const decimals = await Promise.all(wrong.map((t) => this.decimalsOf(t.token)));
      await this.records.raiseWrongTokens(
        wrong.map((t, i) => ({ ...t, requestId: byAddress.get(t.address.toLowerCase())!.requestId, decimals: decimals[i] })),
      );
    }
    this.logsFrom = to + 1;
  }
}
