import type { PaymentIntentOutcome } from '@payrail/persistence';
import type { TransactionReceipt } from 'ethers';
import type { BlockReader } from '../block-reader.js';

/** An intent as the watch needs it: which transaction, and the references a matching receipt carries. */
export interface WatchedIntent {
  id: string;
  txHash: string;
  referenceTopics: readonly string[];
}

export interface IntentWatchOptions {
  /** Blocks over a receipt before its outcome is read (the network's confirmations). */
  confirmations: number;
  /** Checks (eth_getTransactionByHash: on arrival, then one per new block) before a hash the node does not know is dropped. */
  unknownChecks: number;
  /** New blocks a known transaction is awaited before `not_mined`. */
  watchBlocks: number;
  /** Intents watched at once; past it an intent is left to detection's regular pass. */
  maxWatched: number;
}

/** How many of `calls` intent RPC calls may go now (the network's intent budget); the rest wait for the next block. */
export type IntentBudget = (calls: number) => Promise<number>;

interface Entry extends WatchedIntent {
  /** The node knew the transaction (pending or mined) at a check. */
  known: boolean;
  checks: number;
  /** The head when the intent was first checked: it is given up `watchBlocks` blocks later. */
  since: number | undefined;
}

/**
 * One network's payment intents, read at block cadence: each poll reads the head and checks the
 * intents that arrived since (eth_getTransactionByHash, one batch); when the head moved, every
 * watched intent is read once more in one batch (its receipt when the node knows the transaction,
 * the transaction again while it does not). A hash the node still does not know after
 * `unknownChecks` checks is dropped (`unknown_transaction`); a known one not mined within
 * `watchBlocks` blocks ends `not_mined`. Every batch first takes its calls from the budget, so
 * the calls per second stay under it whatever is submitted. Reads only: the caller settles nothing,
 * it wakes detection.
 */
export class IntentWatch {
  private fresh: Entry[] = [];
  private readonly watched = new Map<string, Entry>();
  /** Due at a block but refused by the budget: read at the next poll, block or not. */
  private owed = new Set<Entry>();
  private lastHead: number | undefined;

  constructor(
    private readonly reader: BlockReader,
    private readonly budget: IntentBudget,
    private readonly options: IntentWatchOptions,
    private readonly resolved: (intent: WatchedIntent, outcome: PaymentIntentOutcome) => Promise<void>,
  ) {}

  /** Intents arrived or watched. */
  get size(): number {
    return this.fresh.length + this.watched.size;
  }

  /** Takes an intent to check at the next poll; false when it is already here or the watch is full. */
  add(intent: WatchedIntent): boolean {
    if (this.size >= this.options.maxWatched || this.watched.has(intent.id) || this.fresh.some((e) => e.id === intent.id)) return false;
    this.fresh.push({ ...intent, known: false, checks: 0, since: undefined });
    return true;
  }

  /** Forgets every intent (leadership lost): their rows stay open until the API stops counting them. */
  clear(): void {
    this.fresh = [];
    this.watched.clear();
    this.owed.clear();
    this.lastHead = undefined;
  }

  /** One poll: the head and the new arrivals, then (when the head moved) every watched intent, each in one batch. */
  async poll(): Promise<void> {
    if (this.size === 0) return;
    const arrivals = this.fresh;
    const granted = await this.budget(1 + arrivals.length);
    if (granted < 1) return;
    const checking = arrivals.slice(0, granted - 1);
    this.fresh = arrivals.slice(granted - 1);
    const [head, minedOnArrival] = await Promise.all([this.reader.head(), this.checkTransactions(checking)]);
    for (const e of checking) e.since ??= head;
    const advanced = this.lastHead !== undefined && head > this.lastHead;
    this.lastHead = Math.max(head, this.lastHead ?? head);
    const due = (advanced ? [...this.watched.values()] : [...this.owed]).filter((e) => !checking.includes(e) && this.watched.has(e.id));
    // Receipts of known transactions first: a real payment is never held behind made-up hashes.
    const receipts = [...minedOnArrival, ...due.filter((e) => e.known && !minedOnArrival.includes(e))];
    const unknown = due.filter((e) => !e.known);
    const allowed = await this.budget(receipts.length + unknown.length);
    this.owed = new Set([...receipts, ...unknown].slice(allowed));
    const [, minedLater] = await Promise.all([
      this.checkReceipts(receipts.slice(0, allowed), head),
      this.checkTransactions(unknown.slice(0, Math.max(0, allowed - receipts.length))),
    ]);
    if (minedLater.length > 0) {
      const granted = await this.budget(minedLater.length);
      for (const e of minedLater.slice(granted)) this.owed.add(e);
      await this.checkReceipts(minedLater.slice(0, granted), head);
    }
    for (const e of [...this.watched.values()]) {
      if (e.since !== undefined && head - e.since >= this.options.watchBlocks)
        await this.finish(e, e.known ? 'not_mined' : 'unknown_transaction');
    }
  }

  /** eth_getTransactionByHash for each (one batch); answers those found mined (their receipt is read next). */
  private async checkTransactions(entries: Entry[]): Promise<Entry[]> {
    const found = await Promise.all(entries.map((e) => this.reader.transaction(e.txHash).catch(() => undefined)));
    const mined: Entry[] = [];
    for (const [i, e] of entries.entries()) {
      const tx = found[i];
      this.watched.set(e.id, e);
      if (tx === undefined) continue; // the call failed: not a check, tried again at the next block
      e.checks += 1;
      if (tx === null) {
        if (e.checks >= this.options.unknownChecks) await this.finish(e, 'unknown_transaction');
        continue;
      }
      e.known = true;
      if (tx.blockNumber !== null) mined.push(e);
    }
    return mined;
  }

  /** eth_getTransactionReceipt for each (one batch); an intent whose receipt is buried under the confirmations ends. */
  private async checkReceipts(entries: Entry[], head: number): Promise<void> {
    const receipts = await Promise.all(entries.map((e) => this.reader.receipt(e.txHash).catch(() => null)));
    for (const [i, e] of entries.entries()) {
      const receipt = receipts[i];
      if (!receipt) continue;
      if (this.options.confirmations === 0 || head - receipt.blockNumber >= this.options.confirmations) {
        await this.finish(e, this.outcomeOf(receipt, e.referenceTopics));
      }
    }
  }

  private outcomeOf(receipt: TransactionReceipt, referenceTopics: readonly string[]): PaymentIntentOutcome {
    if (receipt.status === 0) return 'reverted';
    const wanted = new Set(referenceTopics.map((t) => t.toLowerCase()));
    return this.reader.receiptTransfers(receipt).some((t) => wanted.has(t.referenceTopic.toLowerCase()))
      ? 'matched'
      : 'no_matching_transfer';
  }

  private async finish(e: Entry, outcome: PaymentIntentOutcome): Promise<void> {
    if (!this.watched.delete(e.id)) return;
    await this.resolved(e, outcome);
  }
}
