import { blockAtOrAfter, chunkRange, scanProxyTransfers } from '@payrail/chains';
import {
  diffTransfers,
  statusMismatch,
  newUlid,
  webhookEvent,
  DISCREPANCY_CLASSES,
  type DomainEvent,
  type ProxyTransfer,
  type ReconciledTransfer,
} from '@payrail/domain';
import {
  appendToOutbox,
  ReconciliationRepository,
  type NewDiscrepancy,
  type ReconciliationRunRow,
  type StatusCheckRow,
} from '@payrail/persistence';
import type { AbstractProvider } from 'ethers';
import type { DataSource } from 'typeorm';

/** How a network is read: its provider (no response cache), its fee proxies and its confirmations. */
export interface ReconciliationChain {
  provider: AbstractProvider;
  /** ERC20FeeProxy, EthereumFeeProxy, Erc20ConversionProxy where deployed (the batch contract and deposit forwarders pay through them). */
  contracts: string[];
  /** Blocks below the head left out of a run: the ledger settles them only once buried that deep. */
  confirmations: number;
}

export interface ReconcilerOptions {
  /** Largest eth_getLogs range (chain-worker uses DETECTION_MAX_RANGE). */
  chunkBlocks: number;
  /** eth_getLogs calls in flight at once per run. */
  concurrency: number;
}

export interface RunSummary {
  runId: string;
  network: string;
  status: 'completed' | 'failed';
  fromBlock: number | null;
  toBlock: number | null;
  chainTransfers: number;
  ledgerTransfers: number;
  /** Every class, 0 where none was found. */
  discrepancies: Record<string, number>;
  error?: string;
}

/**
 * Runs reconciliations (issue #36): maps a run's time window to blocks, re-reads every fee-proxy
 * payment log of those blocks straight from the RPC (chunked ranges, bounded concurrency, on its
 * own provider: never detection's cursor or tables), keeps those of our requests' payment
 * references, and compares each span with the ledger's transfers of the same blocks. Each span's
 * findings and the run's progress are written in one transaction, so a run resumes where it
 * stopped. Spans are pipelined: the next span's logs are read from the RPC while this one is diffed
 * and saved (one span ahead at most), and the status check of every request with a transfer in the
 * window (against what its settled transfers add up to) reads the ledger beside the chain reads, so
 * a run takes about as long as its bare eth_getLogs reads. At the end the status findings are
 * saved and `reconciliation.completed` is written to the outbox with the run's completion. A run
 * only reads and reports: it changes nothing in the ledger.
 */
export class Reconciler {
  constructor(
    private readonly db: DataSource,
    private readonly chainOf: (network: string) => ReconciliationChain | undefined,
    private readonly options: ReconcilerOptions,
  ) {}

  /** Creates a run (queued); answers its id, or undefined when a nightly run of that network and day exists. */
  async create(run: {
    platformId: string | null;
    network: string;
    from: Date;
    to: Date;
    trigger: 'api' | 'cli' | 'schedule';
  }): Promise<string | undefined> {
    const id = newUlid();
    const created = await new ReconciliationRepository(this.db.manager).createRun({ id, ...run });
    return created ? id : undefined;
  }

  /** Runs the oldest open run of these networks (api and schedule triggers), if any, to its end. */
  async runNext(networks: string[]): Promise<RunSummary | undefined> {
    const run = await new ReconciliationRepository(this.db.manager).claimOpen(networks);
    return run ? this.process(run) : undefined;
  }

  /** Runs (or resumes) one run to its end. */
  async runById(id: string): Promise<RunSummary> {
    const run = await new ReconciliationRepository(this.db.manager).run(id);
    if (!run) throw new Error(`no reconciliation run ${id}`);
    if (run.status === 'completed' || run.status === 'failed') return this.summaryOf(run);
    return this.process(run);
  }

  private async process(run: ReconciliationRunRow): Promise<RunSummary> {
    const chain = this.chainOf(run.network);
    if (!chain) return this.fail(run, `no RPC or fee proxy configured for ${run.network}`);
    const repo = new ReconciliationRepository(this.db.manager);
    let fromBlock = run.from_block === null ? undefined : Number(run.from_block);
    let toBlock = run.to_block === null ? undefined : Number(run.to_block);
    if (fromBlock === undefined || toBlock === undefined) {
      const head = await chain.provider.getBlockNumber();
      const confirmed = head - chain.confirmations;
      fromBlock = await blockAtOrAfter(chain.provider, Math.floor(run.window_from.getTime() / 1000), head);
      toBlock = Math.min(confirmed, (await blockAtOrAfter(chain.provider, Math.ceil(run.window_to.getTime() / 1000), head)) - 1);
      await repo.start(run.id, fromBlock, toBlock);
    }
    const next = run.next_block === null ? fromBlock : Number(run.next_block);
    // The status check reads only the ledger: it runs beside the chain reads, not after them.
    const checks = fromBlock <= toBlock ? repo.statusChecks(run.network, fromBlock, toBlock, [], run.platform_id) : Promise.resolve([]);
    checks.catch(() => undefined); // awaited below; a failure fails the run there
    const spans = next <= toBlock ? chunkRange(next, toBlock, this.options.chunkBlocks * this.options.concurrency) : [];
    // One span read ahead: the next span's logs come from the RPC while this one is diffed and saved.
    let ahead = spans.length > 0 ? this.readSpan(chain, spans[0]) : undefined;
    for (let i = 0; i < spans.length; i++) {
      const onChain = await ahead!;
      ahead = i + 1 < spans.length ? this.readSpan(chain, spans[i + 1]) : undefined;
      ahead?.catch(() => undefined); // awaited on the next turn; a diff that fails first ends the run
      await this.reconcileSpan(run, onChain, spans[i].from, spans[i].to);
    }
    return this.complete(run, fromBlock, toBlock, await checks);
  }

  /** A span's fee-proxy payments, straight from the RPC: its chunks with at most `concurrency` eth_getLogs in flight. */
  private async readSpan(chain: ReconciliationChain, span: { from: number; to: number }): Promise<ProxyTransfer[]> {
    const ranges = chunkRange(span.from, span.to, this.options.chunkBlocks);
    return (await scanProxyTransfers(chain.provider, chain.contracts, ranges, this.options.concurrency)).flat();
  }

  private async reconcileSpan(run: ReconciliationRunRow, onChain: ProxyTransfer[], from: number, to: number): Promise<void> {
    const repo = new ReconciliationRepository(this.db.manager);
    const ledger = await repo.ledgerTransfers(run.network, from, to, run.platform_id);
    const topics = [...new Set([...onChain, ...ledger].map((t) => t.referenceTopic))];
    const requests = await repo.requestsOf(run.network, topics, run.platform_id);
    // The proxies are shared with everyone's payments: only our requests' references are ours.
    const ours: ReconciledTransfer[] = onChain.filter((t) => requests.has(t.referenceTopic));
    const found: NewDiscrepancy[] = diffTransfers(ours, ledger).map((d) => {
      const request = requests.get(d.referenceTopic);
      return { ...d, platformId: request?.platformId ?? null, requestId: request?.requestId ?? null };
    });
    await this.db.transaction((m) =>
      new ReconciliationRepository(m).saveSpan(run.id, to + 1, { chain: ours.length, ledger: ledger.length }, found),
    );
  }

  private async complete(run: ReconciliationRunRow, fromBlock: number, toBlock: number, checks: StatusCheckRow[]): Promise<RunSummary> {
    const repo = new ReconciliationRepository(this.db.manager);
    const found: NewDiscrepancy[] = [];
    for (const check of checks) {
      const mismatch = statusMismatch(check);
      if (!mismatch) continue;
      const side = (s: typeof mismatch.stored) => ({
        status: s.status,
        amountPaid: s.amountPaid.toString(),
        feePaid: s.feePaid.toString(),
      });
      found.push({
        class: 'status_mismatch',
        platformId: check.platformId,
        requestId: check.requestId,
        referenceTopic: check.referenceTopic,
        txHash: null,
        logIndex: null,
        blockNumber: null,
        // The chain side is what the request's settled transfers add up to; the ledger side what the request says.
        chain: side(mismatch.computed),
        ledger: side(mismatch.stored),
      });
    }
    await this.db.transaction(async (m) => {
      const tx = new ReconciliationRepository(m);
      await tx.saveDiscrepancies(run.id, found);
      await tx.finish(run.id, 'completed');
      await appendToOutbox(m, await this.completedEvents(tx, run, fromBlock, toBlock));
    });
    return this.summaryOf((await repo.run(run.id))!);
  }

  /** A platform's run: one event to it. An operator's: one to each platform with discrepancies, counting its own. */
  private async completedEvents(
    repo: ReconciliationRepository,
    run: ReconciliationRunRow,
    fromBlock: number,
    toBlock: number,
  ): Promise<DomainEvent[]> {
    const rows = await repo.discrepancies(run.id);
    const byPlatform = new Map<string, Record<string, number>>();
    if (run.platform_id) byPlatform.set(run.platform_id, {});
    for (const d of rows) {
      if (!d.platform_id || (run.platform_id && d.platform_id !== run.platform_id)) continue;
      const counts = byPlatform.get(d.platform_id) ?? {};
      counts[d.class] = (counts[d.class] ?? 0) + 1;
      byPlatform.set(d.platform_id, counts);
    }
    const timestamp = new Date().toISOString();
    return [...byPlatform].map(([platformId, counts]) => {
      const discrepancies = Object.fromEntries(DISCREPANCY_CLASSES.map((c) => [c, counts[c] ?? 0]));
      return webhookEvent(
        'reconciliation.completed',
        { aggregateType: 'reconciliation_run', aggregateId: run.id },
        {
          runId: run.id,
          network: run.network,
          from: run.window_from.toISOString(),
          to: run.window_to.toISOString(),
          fromBlock,
          toBlock,
          discrepancies,
          totalDiscrepancies: Object.values(discrepancies).reduce((a, b) => a + b, 0),
          timestamp,
        },
        { platformId },
      );
    });
  }

  private async fail(run: ReconciliationRunRow, error: string): Promise<RunSummary> {
    const repo = new ReconciliationRepository(this.db.manager);
    await repo.finish(run.id, 'failed', error);
    return this.summaryOf((await repo.run(run.id))!);
  }

  private async summaryOf(run: ReconciliationRunRow): Promise<RunSummary> {
    const counts = (await new ReconciliationRepository(this.db.manager).counts([run.id])).get(run.id) ?? {};
    return {
      runId: run.id,
      network: run.network,
      status: run.status === 'failed' ? 'failed' : 'completed',
      fromBlock: run.from_block === null ? null : Number(run.from_block),
      toBlock: run.to_block === null ? null : Number(run.to_block),
      chainTransfers: run.chain_transfers,
      ledgerTransfers: run.ledger_transfers,
      discrepancies: Object.fromEntries(DISCREPANCY_CLASSES.map((c) => [c, counts[c] ?? 0])),
      ...(run.error ? { error: run.error } : {}),
    };
  }
}
