import { decodeProxyTransfer } from '@payrail/chains';
import { DetectionRepository, ReconciliationRepository } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import type { ReconciliationChain } from './reconciler.js';

export interface RepairResult {
  runId: string;
  /** Transfers written to the ledger (detection's payment_transfers), for settlement's next pass. */
  reingested: number;
  /** Items the chain no longer holds as reported (reorged away since): left unrepaired. */
  skipped: { txHash: string; logIndex: number; reason: string }[];
}

/**
 * Re-ingests a run's `missing_in_ledger` items (issue #36, "repair, never silently"): each log is
 * read again from the chain by its transaction's receipt (never taken from the stored evidence),
 * checked to be a fee-proxy payment log with the reported payment reference, and written to the
 * ledger exactly as detection writes what it reads (DetectionRepository.saveTransfers: once per
 * transaction and log index). Settlement's next pass then settles them through the ordinary path,
 * events and all; a second repair finds them marked repaired and writes nothing.
 */
export async function repairMissingInLedger(
  db: DataSource,
  chainOf: (network: string) => ReconciliationChain | undefined,
  runId: string,
): Promise<RepairResult> {
  const repo = new ReconciliationRepository(db.manager);
  const run = await repo.run(runId);
  if (!run) throw new Error(`no reconciliation run ${runId}`);
  const chain = chainOf(run.network);
  if (!chain) throw new Error(`no RPC or fee proxy configured for ${run.network}`);
  const items = (await repo.discrepancies(runId, { class: 'missing_in_ledger' })).filter((d) => d.repaired_at === null);
  const proxies = new Set(chain.contracts.map((c) => c.toLowerCase()));
  const skipped: RepairResult['skipped'] = [];
  const transfers: Parameters<DetectionRepository['saveTransfers']>[1] = [];
  const repaired: string[] = [];
  for (const item of items) {
    const [txHash, logIndex] = [item.tx_hash!, item.log_index!];
    const receipt = await chain.provider.getTransactionReceipt(txHash);
    const log = receipt?.logs.find((l) => l.index === logIndex && proxies.has(l.address.toLowerCase()));
    const transfer = log ? decodeProxyTransfer(log) : undefined;
    if (!receipt || !transfer || transfer.referenceTopic !== item.reference_topic) {
      skipped.push({ txHash, logIndex, reason: 'the chain no longer holds this payment log' });
      continue;
    }
    const [block, tx] = await Promise.all([chain.provider.getBlock(transfer.blockNumber), chain.provider.getTransaction(txHash)]);
    if (!block) throw new Error(`block ${transfer.blockNumber} could not be read`);
    transfers.push({ ...transfer, from: tx?.from ?? null, timestamp: block.timestamp });
    repaired.push(item.id);
  }
  const reingested = await db.transaction(async (m) => {
    const written = await new DetectionRepository(m).saveTransfers(run.network, transfers);
    await new ReconciliationRepository(m).markRepaired(repaired);
    return written;
  });
  return { runId, reingested, skipped };
}
