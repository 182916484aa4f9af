import { DISCREPANCY_CLASSES } from '@payrail/domain';
import type { DiscrepancyRow, ReconciliationRunRow } from '@payrail/persistence';
import type { DiscrepancyCountsDto, DiscrepancyDto, ReconciliationRunDto } from './dto/reconciliation.dto.js';

const num = (v: string | null) => (v === null ? null : Number(v));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function runView(run: ReconciliationRunRow, counts: Record<string, number> = {}): ReconciliationRunDto {
  return {
    id: run.id,
    network: run.network,
    from: run.window_from.toISOString(),
    to: run.window_to.toISOString(),
    scope: run.platform_id === null ? 'operator' : 'platform',
    trigger: run.trigger,
    status: run.status,
    fromBlock: num(run.from_block),
    toBlock: num(run.to_block),
    nextBlock: num(run.next_block),
    chainTransfers: run.chain_transfers,
    ledgerTransfers: run.ledger_transfers,
    discrepancies: Object.fromEntries(DISCREPANCY_CLASSES.map((c) => [c, counts[c] ?? 0])) as unknown as DiscrepancyCountsDto,
    error: run.error,
    createdAt: run.created_at.toISOString(),
    startedAt: iso(run.started_at),
    completedAt: iso(run.completed_at),
  };
}

export function discrepancyView(d: DiscrepancyRow): DiscrepancyDto {
  return {
    class: d.class,
    requestId: d.request_id,
    referenceTopic: d.reference_topic,
    txHash: d.tx_hash,
    logIndex: d.log_index,
    blockNumber: num(d.block_number),
    chain: d.chain,
    ledger: d.ledger,
    repairedAt: iso(d.repaired_at),
  };
}
