import { decodeDepositBalances, DEPOSIT_FACTORY_ABI, encodeDepositBalances, encodeDeployAndSweepMany } from '@payrail/chains';
import { decodeUint256 } from '@payrail/permits';
import { type AbstractProvider, getAddress, id, type TransactionLike, type TransactionReceipt, zeroPadValue } from 'ethers';
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
/** DepositForwarderFactory's Swept(forwarder, paymentReference) event. */
const SWEPT_TOPIC = DEPOSIT_FACTORY_ABI.getEvent('Swept')?.topicHash;
/** A claimed sweep with no transaction hash this long (the replica died before sending) goes back to watching. */
const UNSENT_AFTER_MS = 60_000;
/** A sweep whose transaction the node no longer knows after this long goes back to watching. */
const VANISHED_AFTER_MS = 180_000;
/** Addresses per eth_getLogs topic list, and per factory.balancesOf read. */
const LOG_ADDRESS_CHUNK = 500;
/**
 * The gas a batch may use: a base plus a ceiling per deposit (an ERC-20 clone + sweep measures
 * about 110k, a native one less). The batch is simulated with exactly this limit before it is sent,
 * so a token costlier than the ceiling shows up as a failed simulation (that deposit is then swept
 * alone with a gas estimate), never as an out-of-gas revert on chain. No gas estimate (a binary
 * search re-running the whole batch some twenty times) is made for a batch.
 */
const BATCH_GAS_BASE = 60_000n;
const GAS_PER_DEPOSIT = 200_000n;

export interface SweeperOptions {
  network: string;
  factory: string;
  confirmations: number;
  limits: WatchLimits;
  maxLogRange: number;
  /** Deposits per sweep transaction (factory.deployAndSweepMany). */
  batch: number;
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
    // Independent reads side by side: finishOpen touches only rows being swept, watched() only the others.
    const [finished, watched] = await Promise.all([this.finishOpen(), this.records.watched(this.options.limits)]);
    if (watched.length === 0) return finished;
    // The head is read after the database reads, so a block mined meanwhile is already this pass's.
    const head = await this.provider.getBlockNumber();
    const safe = Math.max(0, head - this.options.confirmations);
    const received = await this.balancesAt(watched, safe);
    await this.records.recordReceived(watched, received, safe); // creates the rows the sweep claims
    const due = watched.filter((_, i) => received[i] >= watched[i].expected);
    // The records of Transfer logs and of the head (the page's confirmations) do not hold the sweep up.
    const [swept] = await Promise.all([
      this.sweep(due),
      this.readTransfers(watched, head).then(() => this.records.recordHead(head, this.options.confirmations)),
    ]);
    return swept || finished;
  }

  /** Each deposit's balance at `block`: one factory.balancesOf eth_call per token (and per LOG_ADDRESS_CHUNK addresses). */
  private async balancesAt(watched: WatchedDeposit[], block: number): Promise<bigint[]> {
    const byToken = new Map<string, number[]>();
    for (const [i, d] of watched.entries()) byToken.set(d.terms.token, [...(byToken.get(d.terms.token) ?? []), i]);
    const out = new Array<bigint>(watched.length);
    const reads: Promise<void>[] = [];
    for (const [token, indexes] of byToken) {
      for (let i = 0; i < indexes.length; i += LOG_ADDRESS_CHUNK) {
        const chunk = indexes.slice(i, i + LOG_ADDRESS_CHUNK);
        const data = encodeDepositBalances(
          token,
          chunk.map((j) => watched[j].address),
        );
        reads.push(
          this.provider.call({ to: this.options.factory, data, blockTag: block }).then((answer) => {
            for (const [k, balance] of decodeDepositBalances(answer).entries()) out[chunk[k]] = balance;
          }),
        );
      }
    }
    await Promise.all(reads);
    return out;
  }

  /**
   * Claims the due deposits (a row another replica claimed is skipped) and sweeps them in batches of
   * `batch`: one factory.deployAndSweepMany transaction each (all or nothing), simulated once with
   * the gas limit it is sent with, at consecutive nonces, broadcast together. A batch whose simulation
   * fails (an item Underfunded after a reorg, AlreadySwept, a refusing token) is split: each item is
   * tried alone, the failing ones go back to watching with their error, the rest is sent. A block of
   * deposits costs a handful of transactions and RPC calls, not one per deposit.
   */
  private async sweep(due: WatchedDeposit[]): Promise<boolean> {
    const won = await this.records.claim(due.map((d) => d.requestId));
    if (won.size === 0) return false;
    const claimed = due.filter((x) => won.has(x.requestId));
    const batches: WatchedDeposit[][] = [];
    for (let i = 0; i < claimed.length; i += this.options.batch) batches.push(claimed.slice(i, i + this.options.batch));
    const base = await this.chain.pendingNonce();
    const prepared = await Promise.allSettled(batches.map((b) => this.prepareBatch(b, base)));
    const ready: Prepared[] = [];
    for (const [i, result] of prepared.entries()) {
      if (result.status === 'rejected') for (const d of batches[i]) await this.records.release(d.requestId, errorText(result.reason));
      else for (const p of result.value) ready.push({ batch: p.batch, tx: { ...p.tx, nonce: base + ready.length } });
    }
    const sent = await Promise.allSettled(ready.map(({ tx }) => this.chain.broadcast(tx)));
    for (const [i, result] of sent.entries()) {
      const ids = ready[i].batch.map((d) => d.requestId);
      if (result.status === 'fulfilled') {
        await this.records.sent(ids, result.value.hash);
        this.metrics.observe(this.options.network, 'sent', ids.length);
      } else {
        // A nonce below a failed broadcast's is still used; the ones above wait in the pool behind the gap,
        // which the next pass's sends fill (these deposits are claimed again then).
        for (const id of ids) await this.records.release(id, errorText(result.reason));
      }
    }
    return true;
  }

  /**
   * The transactions sweeping `batch` (the caller numbers their nonces): one when the batch simulates
   * well with its gas limit; else one for the items that pass alone under the per-deposit ceiling, and
   * one per item that pays only above it (a costly token: its gas is estimated). An item that fails
   * alone is released with its error.
   */
  private async prepareBatch(batch: WatchedDeposit[], nonce: number): Promise<Prepared[]> {
    const factory = this.options.factory;
    const capped = async (items: WatchedDeposit[]) => {
      const gasLimit = BATCH_GAS_BASE + GAS_PER_DEPOSIT * BigInt(items.length);
      const data = encodeDeployAndSweepMany(items.map((d) => d.terms));
      const failure = await this.chain.simulate(factory, data, gasLimit);
      return { failure, tx: failure === null ? await this.chain.prepareAt(factory, data, nonce, gasLimit) : null };
    };
    const whole = await capped(batch);
    if (whole.tx) return [{ batch, tx: whole.tx }];
    const kept: WatchedDeposit[] = [];
    const costly: Prepared[] = [];
    for (const d of batch) {
      const data = encodeDeployAndSweepMany([d.terms]);
      const failure = await this.chain.simulate(factory, data); // without the ceiling: does it pay at all?
      if (failure !== null) {
        await this.records.release(d.requestId, `sweep would revert: ${failure}`);
        await this.records.unsweepable(d.requestId);
      } else if ((await this.chain.simulate(factory, data, BATCH_GAS_BASE + GAS_PER_DEPOSIT)) === null) kept.push(d);
      else costly.push({ batch: [d], tx: await this.chain.prepareAt(factory, data, nonce) });
    }
    if (kept.length === 0) return costly;
    const rest = await capped(kept);
    if (!rest.tx) throw new Error(`sweep batch failed after the split: ${rest.failure}`);
    return [{ batch: kept, tx: rest.tx }, ...costly];
  }

  /**
   * Records the receipts of sent sweeps; gives back to watching the ones never sent or vanished. A batch
   * receipt's gas is shared equally by the deposits it swept. A deposit of a reverted batch counts as
   * swept when its forwarder is (an earlier transaction did it), else it returns to watching.
   */
  private async finishOpen(): Promise<boolean> {
    const open = await this.records.open();
    const hashes = [...new Set(open.map((o) => o.txHash).filter((h): h is string => !!h))];
    const receipts = new Map(await Promise.all(hashes.map(async (h) => [h, await this.chain.receipt(h)] as const)));
    let done = false;
    const blockTimes = new Map<number, Date>();
    for (const o of open) {
      const receipt = o.txHash ? receipts.get(o.txHash) : null;
      const age = this.now() - o.sentAt.getTime();
      if (!receipt) {
        if (!o.txHash && age > UNSENT_AFTER_MS) await this.records.release(o.requestId, 'claimed but never sent');
        else if (o.txHash && age > VANISHED_AFTER_MS && !(await this.provider.getTransaction(o.txHash))) {
          await this.records.release(o.requestId, `sweep ${o.txHash} vanished`);
        }
        continue;
      }
      const swept = sweptForwarders(receipt);
      const ok = (receipt.status === 1 && swept.has(o.address.toLowerCase())) || (await this.isSwept(o.address));
      if (!ok) {
        // A reverted batch (one item swept by someone else or underfunded after a reorg since the estimate):
        // back to watching, where the next pass simulates again and leaves the failing item out.
        await this.records.release(o.requestId, `sweep ${receipt.hash} ${receipt.status === 1 ? 'did not pay it' : 'reverted'}`);
        this.metrics.observe(this.options.network, 'failed');
        continue;
      }
      if (!blockTimes.has(receipt.blockNumber)) {
        const block = await this.provider.getBlock(receipt.blockNumber);
        blockTimes.set(receipt.blockNumber, new Date((block?.timestamp ?? 0) * 1000));
      }
      const share = BigInt(Math.max(1, swept.size));
      const gasUsed = receipt.gasUsed / share;
      await this.records.mined(o.requestId, true, gasUsed, gasUsed * receipt.gasPrice, blockTimes.get(receipt.blockNumber) as Date);
      this.metrics.observe(this.options.network, 'swept');
      done = true;
    }
    for (const receipt of receipts.values()) if (receipt) this.metrics.gasSpent(this.options.network, receipt.gasUsed * receipt.gasPrice);
    return done;
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

  /**
   * Token Transfer logs to the watched addresses from the last read block to the head (at most
   * maxLogRange blocks a pass): records only (a wrong token shown, a transfer's confirmations counted
   * for the page); what pays is the balance at the confirmed block.
   */
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

interface Prepared {
  batch: WatchedDeposit[];
  tx: TransactionLike<string>;
}

/** The forwarders (lower case) a mined factory transaction paid: its Swept events. */
function sweptForwarders(receipt: TransactionReceipt): Set<string> {
  const out = new Set<string>();
  for (const log of receipt.logs) if (log.topics[0] === SWEPT_TOPIC) out.add(`0x${log.topics[1].slice(26)}`.toLowerCase());
  return out;
}
