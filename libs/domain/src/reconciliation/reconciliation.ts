import { paymentState, type ObservedTransfer, type PaymentTerms } from '../payments/settlement-rules.js';
import type { ProxyTransfer } from '../payments/proxy-transfer.js';
import type { RequestStatus } from '../payments/request-status.js';

/** What a reconciliation finds (issue #36): the ledger against the fee proxies' logs on the chain. */
export const DISCREPANCY_CLASSES = ['missing_in_ledger', 'missing_on_chain', 'amount_mismatch', 'fee_mismatch', 'status_mismatch'] as const;
export type DiscrepancyClass = (typeof DISCREPANCY_CLASSES)[number];

export const RECONCILIATION_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];

/** One payment log, as the chain holds it or as the ledger (payment_transfers) recorded it: detection's own shape. */
export type ReconciledTransfer = ProxyTransfer;

/** A side's values as evidence (money as decimal strings of base units). */
export interface TransferEvidence {
  contract: string;
  blockNumber: number;
  blockHash: string;
  token: string | null;
  to: string;
  amount: string;
  feeAmount: string;
  feeAddress: string;
}

export interface TransferDiscrepancy {
  class: Exclude<DiscrepancyClass, 'status_mismatch'>;
  referenceTopic: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  chain: TransferEvidence | null;
  ledger: TransferEvidence | null;
}

const keyOf = (t: Pick<ReconciledTransfer, 'txHash' | 'logIndex'>) => `${t.txHash.toLowerCase()}:${t.logIndex}`;
const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

export function evidenceOf(t: ReconciledTransfer): TransferEvidence {
  return {
    contract: t.contract,
    blockNumber: t.blockNumber,
    blockHash: t.blockHash,
    token: t.token,
    to: t.to,
    amount: t.amount.toString(),
    feeAmount: t.feeAmount.toString(),
    feeAddress: t.feeAddress,
  };
}

/**
 * Compares the same block range read twice: the chain's payment logs of our payment references
 * and the ledger's transfers. Matched by (transaction, log index): a log only on the chain is
 * `missing_in_ledger`, a row only in the ledger `missing_on_chain`; a matched pair whose amount,
 * token, payee or proxy differ is `amount_mismatch`, whose fee or fee address differ
 * `fee_mismatch` (both when both differ). A transfer a reorg moved to another block shows as
 * missing on one side at its old block and on the other at its new one.
 */
export function diffTransfers(chain: readonly ReconciledTransfer[], ledger: readonly ReconciledTransfer[]): TransferDiscrepancy[] {
  const stored = new Map(ledger.map((t) => [keyOf(t), t]));
  const out: TransferDiscrepancy[] = [];
  const found = (cls: TransferDiscrepancy['class'], c: ReconciledTransfer | undefined, l: ReconciledTransfer | undefined) => {
    const t = (c ?? l)!;
    out.push({
      class: cls,
      referenceTopic: t.referenceTopic,
      txHash: t.txHash,
      logIndex: t.logIndex,
      blockNumber: t.blockNumber,
      chain: c ? evidenceOf(c) : null,
      ledger: l ? evidenceOf(l) : null,
    });
  };
  for (const c of chain) {
    const l = stored.get(keyOf(c));
    stored.delete(keyOf(c));
    if (!l) {
      found('missing_in_ledger', c, undefined);
      continue;
    }
    if (c.amount !== l.amount || !same(c.token, l.token) || !same(c.to, l.to) || !same(c.contract, l.contract))
      found('amount_mismatch', c, l);
    if (c.feeAmount !== l.feeAmount || !same(c.feeAddress, l.feeAddress)) found('fee_mismatch', c, l);
  }
  for (const l of stored.values()) found('missing_on_chain', undefined, l);
  return out.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex || a.class.localeCompare(b.class));
}

/** A request's stored state against what its settled transfers add up to. */
export interface StatusCheck {
  terms: PaymentTerms;
  stored: { status: RequestStatus; amountPaid: bigint; feePaid: bigint };
  settled: readonly ObservedTransfer[];
}

/**
 * The `status_mismatch` of a request, or undefined when its stored status, paid amount and paid
 * fee are what settlement's own rule (`paymentState`) makes of its settled transfers.
 */
export function statusMismatch(check: StatusCheck): { stored: StatusCheck['stored']; computed: StatusCheck['stored'] } | undefined {
  const computed = paymentState(check.terms, check.settled);
  const { stored } = check;
  if (computed.status === stored.status && computed.amountPaid === stored.amountPaid && computed.feePaid === stored.feePaid)
    return undefined;
  return { stored, computed };
}
