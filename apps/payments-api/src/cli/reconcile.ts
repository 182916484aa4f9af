import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { EVM_NETWORK_NAMES } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { ReconciliationRepository } from '@payrail/persistence';
import { closeReconciliationChains, reconciliationChains, Reconciler, repairMissingInLedger } from '@payrail/reconciliation';
import { DataSource } from 'typeorm';
import { loadChainOpsEnv } from './chain/chain-ops.env.js';

type Flags = Record<string, string | string[] | boolean | undefined>;

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `--${field} ${message}`, { fields: [{ field, message }] });
const flag = (flags: Flags, name: string): string | undefined => (typeof flags[name] === 'string' ? flags[name] : undefined);

/**
 * The chains a CLI run reads: the apps' RPC_URL_<NETWORK> and CHAIN_DEPLOYMENT_FILE; locally
 * without one, the deployment `npm start` wrote (`<PAYRAIL_LOCAL_DIR or .local>/anvil/deployment.json`).
 * Blocks under `--confirmations` (default 0 locally, 12 elsewhere) below the head are left out.
 */
function chainsFor(flags: Flags, env: NodeJS.ProcessEnv) {
  const chainEnv = loadChainOpsEnv(env);
  if (chainEnv.PAYRAIL_ENV === 'local' && !chainEnv.CHAIN_DEPLOYMENT_FILE) {
    const file = join(chainEnv.PAYRAIL_LOCAL_DIR ?? join(process.cwd(), '.local'), 'anvil', 'deployment.json');
    if (existsSync(file)) chainEnv.CHAIN_DEPLOYMENT_FILE = file;
  }
  const raw = flag(flags, 'confirmations');
  const confirmations = raw === undefined ? (chainEnv.PAYRAIL_ENV === 'local' ? 0 : 12) : Number(raw);
  if (!Number.isInteger(confirmations) || confirmations < 0) throw invalid('confirmations', 'must be a whole number of blocks');
  return reconciliationChains(chainEnv, () => confirmations);
}

function window(flags: Flags): { network: string; from: Date; to: Date } {
  const network = flag(flags, 'network');
  if (!network || !(EVM_NETWORK_NAMES as readonly string[]).includes(network))
    throw invalid('network', `must be one of ${EVM_NETWORK_NAMES.join(', ')}`);
  const from = new Date(flag(flags, 'from') ?? '');
  const to = flag(flags, 'to') === undefined ? new Date() : new Date(flag(flags, 'to')!);
  if (Number.isNaN(from.getTime())) throw invalid('from', 'is required: an ISO 8601 date-time, e.g. 2026-11-27T00:00:00Z');
  if (Number.isNaN(to.getTime()) || to <= from) throw invalid('to', 'must be an ISO 8601 date-time after --from');
  return { network, from, to };
}

/**
 * `admin reconcile --network N --from T [--to T] [--confirmations N]`: an operator-wide run (every
 * platform's requests) executed here and now, printed with its counts and discrepancies.
 */
export async function reconcile(app: INestApplicationContext, flags: Flags, env: NodeJS.ProcessEnv = process.env): Promise<object> {
  const target = window(flags);
  const chains = chainsFor(flags, env);
  try {
    if (!chains.has(target.network)) throw invalid('network', `has no RPC_URL or fee proxy configured`);
    const db = app.get(DataSource);
    const reconciler = new Reconciler(db, (n) => chains.get(n), { chunkBlocks: 2000, concurrency: 4 });
    const id = (await reconciler.create({ platformId: null, trigger: 'cli', ...target }))!;
    const summary = await reconciler.runById(id);
    const rows = await new ReconciliationRepository(db.manager).discrepancies(id);
    const items = rows.map((d) => ({
      class: d.class,
      requestId: d.request_id,
      txHash: d.tx_hash,
      logIndex: d.log_index,
      block: d.block_number === null ? null : Number(d.block_number),
      chain: d.chain,
      ledger: d.ledger,
    }));
    if (flags.json === true) return { ...summary, total: items.length, items };
    // The text form: one line per class count and per item (the evidence in full with --json).
    const counts = Object.entries(summary.discrepancies).map(([c, n]) => `${c}=${n}`);
    const lines = items.map(
      (i) => `${i.class} request ${i.requestId ?? '?'}${i.txHash ? ` tx ${i.txHash} log ${i.logIndex} block ${i.block}` : ''}`,
    );
    return { ...summary, discrepancies: counts, total: items.length, items: lines };
  } finally {
    closeReconciliationChains(chains);
  }
}

/**
 * `admin reconcile repair --run ID`: re-ingests the run's missing_in_ledger items (read again from
 * the chain) into the ledger; chain-worker's settlement settles them on its next pass, events and all.
 */
export async function reconcileRepair(app: INestApplicationContext, flags: Flags, env: NodeJS.ProcessEnv = process.env): Promise<object> {
  const runId = flag(flags, 'run');
  if (!runId) throw invalid('run', 'is required');
  const db = app.get(DataSource);
  if (!(await new ReconciliationRepository(db.manager).run(runId))) throw new PayrailError('NOT_FOUND', `no reconciliation run ${runId}`);
  const chains = chainsFor(flags, env);
  try {
    return await repairMissingInLedger(db, (n) => chains.get(n), runId);
  } finally {
    closeReconciliationChains(chains);
  }
}
