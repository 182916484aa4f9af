import type { ObservedTransfer, PaymentTerms, ReconciledTransfer, RequestStatus, TransferEvidence } from '@payrail/domain';
import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlRows } from '../sql/typed-query.js';

export interface ReconciliationRunRow {
  id: string;
  platform_id: string | null;
  network: string;
  window_from: Date;
  window_to: Date;
  trigger: 'api' | 'cli' | 'schedule';
  status: 'queued' | 'running' | 'completed' | 'failed';
  from_block: string | null;
  to_block: string | null;
  next_block: string | null;
  chain_transfers: number;
  ledger_transfers: number;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

export interface DiscrepancyRow {
  id: string;
  run_id: string;
  class: string;
  platform_id: string | null;
  request_id: string | null;
  reference_topic: string;
  tx_hash: string | null;
  log_index: number | null;
  block_number: string | null;
  chain: Record<string, unknown> | null;
  ledger: Record<string, unknown> | null;
  repaired_at: Date | null;
}

/** A discrepancy as found, with the request its payment reference belongs to. */
export interface NewDiscrepancy {
  class: string;
  platformId: string | null;
  requestId: string | null;
  referenceTopic: string;
  txHash: string | null;
  logIndex: number | null;
  blockNumber: number | null;
  chain: TransferEvidence | Record<string, unknown> | null;
  ledger: TransferEvidence | Record<string, unknown> | null;
}

/** A request whose state the run checks against its settled transfers. */
export interface StatusCheckRow {
  requestId: string;
  platformId: string;
  referenceTopic: string;
  terms: PaymentTerms;
  stored: { status: RequestStatus; amountPaid: bigint; feePaid: bigint };
  settled: ObservedTransfer[];
}

const RUN_COLUMNS = `id, platform_id, network, window_from, window_to, trigger, status, from_block::text, to_block::text,
  next_block::text, chain_transfers, ledger_transfers, error, created_at, started_at, completed_at`;

/**
 * Reconciliation runs and their discrepancies, and the ledger reads a run compares with the
 * chain. Reads of a platform's runs take the platform: it sees its own runs and the operator's
 * (platform_id null), and of any run only the discrepancies of its own requests.
 */
export class ReconciliationRepository {
  constructor(private readonly m: EntityManager) {}

  async createRun(run: {
    id: string;
    platformId: string | null;
    network: string;
    from: Date;
    to: Date;
    trigger: string;
  }): Promise<boolean> {
    const inserted = await sqlExecute(
      this.m,
      `INSERT INTO reconciliation_runs (id, platform_id, network, window_from, window_to, trigger) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING`,
      [run.id, run.platformId, run.network, run.from, run.to, run.trigger],
    );
    return inserted === 1;
  }

  /** The oldest open run (queued, or running when its worker stopped), locked for this transaction. */
  async claimOpen(networks: string[]): Promise<ReconciliationRunRow | undefined> {
    const [row] = await sqlRows<ReconciliationRunRow>(
      this.m,
      `SELECT ${RUN_COLUMNS} FROM reconciliation_runs WHERE status IN ('queued', 'running') AND trigger <> 'cli' AND network = ANY($1::text[])
        ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [networks],
    );
    return row;
  }

  async run(id: string, platformId?: string): Promise<ReconciliationRunRow | undefined> {
    const [row] = await sqlRows<ReconciliationRunRow>(
      this.m,
      `SELECT ${RUN_COLUMNS} FROM reconciliation_runs WHERE id = $1 AND ($2::text IS NULL OR platform_id IS NULL OR platform_id = $2)`,
      [id, platformId ?? null],
    );
    return row;
  }

  /** Newest first; a platform sees its runs and the operator's. */
  runs(opts: { platformId?: string; network?: string; limit: number }): Promise<ReconciliationRunRow[]> {
    return sqlRows<ReconciliationRunRow>(
      this.m,
      `SELECT ${RUN_COLUMNS} FROM reconciliation_runs
        WHERE ($1::text IS NULL OR platform_id IS NULL OR platform_id = $1) AND ($2::text IS NULL OR network = $2)
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      [opts.platformId ?? null, opts.network ?? null, opts.limit],
    );
  }

  /** Discrepancy counts by class of these runs (of the platform's requests only, when given). */
  async counts(runIds: string[], platformId?: string): Promise<Map<string, Record<string, number>>> {
    const rows = await sqlRows<{ run_id: string; class: string; n: number }>(
      this.m,
      `SELECT run_id, class, count(*)::int AS n FROM reconciliation_discrepancies
        WHERE run_id = ANY($1::text[]) AND ($2::text IS NULL OR platform_id = $2) GROUP BY run_id, class`,
      [runIds, platformId ?? null],
    );
    const out = new Map<string, Record<string, number>>();
    for (const r of rows) out.set(r.run_id, { ...out.get(r.run_id), [r.class]: r.n });
    return out;
  }

  discrepancies(runId: string, opts: { platformId?: string; class?: string } = {}): Promise<DiscrepancyRow[]> {
    return sqlRows<DiscrepancyRow>(
      this.m,
      `SELECT id::text, run_id, class, platform_id, request_id, reference_topic, tx_hash, log_index, block_number::text, chain, ledger, repaired_at
         FROM reconciliation_discrepancies WHERE run_id = $1 AND ($2::text IS NULL OR platform_id = $2) AND ($3::text IS NULL OR class = $3)
        ORDER BY block_number NULLS LAST, log_index, id`,
      [runId, opts.platformId ?? null, opts.class ?? null],
    );
  }

  async start(id: string, fromBlock: number, toBlock: number): Promise<void> {
    await sqlExecute(
      this.m,
      `UPDATE reconciliation_runs SET status = 'running', from_block = $2, to_block = $3, next_block = $2, started_at = now() WHERE id = $1`,
      [id, fromBlock, toBlock],
    );
  }

  /** Stores a span's findings and moves the run's progress past it (one transaction with the caller). */
  async saveSpan(id: string, nextBlock: number, counts: { chain: number; ledger: number }, found: NewDiscrepancy[]): Promise<void> {
    await this.saveDiscrepancies(id, found);
    await sqlExecute(
      this.m,
      `UPDATE reconciliation_runs SET next_block = $2, chain_transfers = chain_transfers + $3, ledger_transfers = ledger_transfers + $4
        WHERE id = $1`,
      [id, nextBlock, counts.chain, counts.ledger],
    );
  }

  async saveDiscrepancies(id: string, found: NewDiscrepancy[]): Promise<void> {
    if (found.length === 0) return;
    const col = <T>(f: (d: NewDiscrepancy) => T) => found.map(f);
    await sqlExecute(
      this.m,
      `INSERT INTO reconciliation_discrepancies (run_id, class, platform_id, request_id, reference_topic, tx_hash, log_index, block_number, chain, ledger)
       SELECT $1, d.class, d.platform_id, d.request_id, d.reference_topic, d.tx_hash, d.log_index, d.block_number, d.chain, d.ledger
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[], $9::jsonb[], $10::jsonb[])
           AS d(class, platform_id, request_id, reference_topic, tx_hash, log_index, block_number, chain, ledger)
       ON CONFLICT DO NOTHING`,
      [
        id,
        col((d) => d.class),
        col((d) => d.platformId),
        col((d) => d.requestId),
        col((d) => d.referenceTopic),
        col((d) => d.txHash),
        col((d) => d.logIndex),
        col((d) => d.blockNumber),
        col((d) => (d.chain ? JSON.stringify(d.chain) : null)),
        col((d) => (d.ledger ? JSON.stringify(d.ledger) : null)),
      ],
    );
  }

  async finish(id: string, status: 'completed' | 'failed', error?: string): Promise<void> {
    await sqlExecute(this.m, 'UPDATE reconciliation_runs SET status = $2, error = $3, completed_at = now() WHERE id = $1', [
      id,
      status,
      error ?? null,
    ]);
  }

  async markRepaired(ids: string[]): Promise<void> {
    await sqlExecute(this.m, 'UPDATE reconciliation_discrepancies SET repaired_at = now() WHERE id = ANY($1::bigint[])', [ids]);
  }

  /** Which of these reference topics are our requests' (of the platform, when given), with their request. */
  async requestsOf(
    network: string,
    topics: string[],
    platformId: string | null,
  ): Promise<Map<string, { requestId: string; platformId: string }>> {
    if (topics.length === 0) return new Map();
    const rows = await sqlRows<{ reference_topic: string; id: string; platform_id: string }>(
      this.m,
      `SELECT DISTINCT ON (reference_topic) reference_topic, id, platform_id FROM requests
        WHERE network = $1 AND reference_topic = ANY($2::text[]) AND ($3::text IS NULL OR platform_id = $3) ORDER BY reference_topic, created_at`,
      [network, topics, platformId],
    );
    return new Map(rows.map((r) => [r.reference_topic, { requestId: r.id, platformId: r.platform_id }]));
  }

  /** The ledger's transfers of a block range (of the platform's requests, when given). */
  async ledgerTransfers(network: string, fromBlock: number, toBlock: number, platformId: string | null): Promise<ReconciledTransfer[]> {
    const rows = await sqlRows<{
      contract: string;
      tx_hash: string;
      log_index: number;
      block_number: string;
      block_hash: string;
      reference_topic: string;
      token: string | null;
      to_address: string;
      amount: string;
      fee_amount: string;
      fee_address: string;
    }>(
      this.m,
      `SELECT t.contract, t.tx_hash, t.log_index, t.block_number::text, t.block_hash, t.reference_topic, t.token, t.to_address,
              t.amount::text, t.fee_amount::text, t.fee_address
         FROM payment_transfers t
        WHERE t.network = $1 AND t.block_number BETWEEN $2 AND $3
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM requests r WHERE r.network = $1 AND r.reference_topic = t.reference_topic AND r.platform_id = $4))`,
      [network, fromBlock, toBlock, platformId],
    );
    return rows.map((r) => ({
      contract: r.contract,
      txHash: r.tx_hash,
      logIndex: r.log_index,
      blockNumber: Number(r.block_number),
      blockHash: r.block_hash,
      referenceTopic: r.reference_topic,
      token: r.token,
      to: r.to_address,
      amount: BigInt(r.amount),
      feeAmount: BigInt(r.fee_amount),
      feeAddress: r.fee_address,
    }));
  }

  /**
   * The requests with a ledger transfer in the range, or a reference in `topics` (of the platform,
   * when given), with their terms, stored state and every settled transfer. Requests paid through
   * an off-ramp (paid to a deposit address instead of the payee) are left out.
   */
  async statusChecks(
    network: string,
    fromBlock: number,
    toBlock: number,
    topics: string[],
    platformId: string | null,
  ): Promise<StatusCheckRow[]> {
    const rows = await sqlRows<{
      id: string;
      platform_id: string;
      reference_topic: string;
      proxy_address: string;
      payee: string;
      currency_address: string | null;
      expected_amount: string;
      fee_amount: string;
      fee_address: string | null;
      status: RequestStatus;
      amount_paid: string;
      fee_paid: string;
      settled: { contract: string; to: string; token: string | null; amount: string; fee_amount: string; fee_address: string }[];
    }>(
      this.m,
      `SELECT r.id, r.platform_id, r.reference_topic, r.proxy_address, r.payee, r.currency_address, r.expected_amount::text,
              r.fee_amount::text, r.fee_address, r.status, r.amount_paid::text, r.fee_paid::text,
              COALESCE((SELECT json_agg(json_build_object('contract', t.contract, 'to', t.to_address, 'token', t.token,
                          'amount', t.amount::text, 'fee_amount', t.fee_amount::text, 'fee_address', t.fee_address) ORDER BY t.block_number, t.log_index)
                          FROM payment_transfers t WHERE t.network = r.network AND t.reference_topic = r.reference_topic AND t.settled_at IS NOT NULL),
                       '[]'::json) AS settled
         FROM requests r
        WHERE r.network = $1 AND ($5::text IS NULL OR r.platform_id = $5)
          AND NOT EXISTS (SELECT 1 FROM offramps o WHERE o.request_id = r.id)
          AND (r.reference_topic = ANY($4::text[])
               OR r.reference_topic IN (SELECT t.reference_topic FROM payment_transfers t WHERE t.network = $1 AND t.block_number BETWEEN $2 AND $3))`,
      [network, fromBlock, toBlock, topics, platformId],
    );
    return rows.map((r) => ({
      requestId: r.id,
      platformId: r.platform_id,
      referenceTopic: r.reference_topic,
      terms: {
        proxy: r.proxy_address,
        payee: r.payee,
        token: r.currency_address,
        expected: BigInt(r.expected_amount),
        feeAmount: BigInt(r.fee_amount),
        feeAddress: r.fee_address,
      },
      stored: { status: r.status, amountPaid: BigInt(r.amount_paid), feePaid: BigInt(r.fee_paid) },
      settled: r.settled.map((t) => ({
        contract: t.contract,
        to: t.to,
        token: t.token,
        amount: BigInt(t.amount),
        feeAmount: BigInt(t.fee_amount),
        feeAddress: t.fee_address,
      })),
    }));
  }

  /**
   * Per network, the discrepancy counts by class of the newest completed operator-wide run (the
   * nightly's, or an `admin reconcile`): what the metric payrail_reconciliation_discrepancies shows.
   */
  async latestOperatorCounts(): Promise<{ network: string; class: string; n: number }[]> {
    return sqlRows<{ network: string; class: string; n: number }>(
      this.m,
      `SELECT r.network, d.class, count(d.id)::int AS n
         FROM (SELECT DISTINCT ON (network) id, network FROM reconciliation_runs
                WHERE platform_id IS NULL AND status = 'completed' ORDER BY network, completed_at DESC, id DESC) r
         LEFT JOIN reconciliation_discrepancies d ON d.run_id = r.id
        GROUP BY r.network, d.class`,
    );
  }
}
