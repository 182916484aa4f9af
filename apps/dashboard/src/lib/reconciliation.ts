import type { PaymentsSchemas } from '../api';
import { t } from '../messages';
import { dateTime } from './format';

type Run = PaymentsSchemas['ReconciliationRunDto'];
type Discrepancy = PaymentsSchemas['DiscrepancyDto'];

/** The discrepancy classes, in the order the API counts them (checked against its enum by `satisfies`). */
export const DISCREPANCY_CLASSES = [
  'missing_in_ledger',
  'missing_on_chain',
  'amount_mismatch',
  'fee_mismatch',
  'status_mismatch',
] as const satisfies readonly Discrepancy['class'][];

/** A run the worker has not finished: queued or running. */
export const isOpenRun = (run: Pick<Run, 'status'>): boolean => run.status === 'queued' || run.status === 'running';

/** The number of discrepancies of a run, all classes together. */
export const totalDiscrepancies = (counts: Run['discrepancies']): number => DISCREPANCY_CLASSES.reduce((sum, c) => sum + counts[c], 0);

/** The fields of each side's evidence, in the order shown: a transfer's (amounts in base units), then a status check's. */
const EVIDENCE_FIELDS = [
  'amount',
  'feeAmount',
  'token',
  'to',
  'feeAddress',
  'contract',
  'blockHash',
  'status',
  'amountPaid',
  'feePaid',
] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

export interface EvidenceLine {
  field: EvidenceField;
  chain: string | null;
  ledger: string | null;
  /** Both sides hold the field and disagree (addresses compared without case). */
  differs: boolean;
}

/** A side as the API answers it: a free-form object in the OpenAPI document (a transfer's fields or a status check's). */
type Side = Readonly<Record<string, unknown>> | null;

const text = (side: Side, field: EvidenceField): string | null => {
  const value = side?.[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

/** Both sides of a discrepancy, field by field, for the fields either side holds. */
export function evidenceLines(d: { chain: Side; ledger: Side }): EvidenceLine[] {
  return EVIDENCE_FIELDS.flatMap((field) => {
    const chain = text(d.chain, field);
    const ledger = text(d.ledger, field);
    if (chain === null && ledger === null) return [];
    const differs = chain !== null && ledger !== null && chain.toLowerCase() !== ledger.toLowerCase();
    return [{ field, chain, ledger, differs }];
  });
}

/** A run's window as a person reads it. */
export const windowText = (run: Pick<Run, 'from' | 'to'>): string =>
  t('rec.window_range', { from: dateTime(run.from), to: dateTime(run.to) });

/** The blocks a run read (`fromBlock–toBlock`), '—' before it started. */
export const blocksText = (run: Pick<Run, 'fromBlock' | 'toBlock'>): string =>
  run.fromBlock === null || run.toBlock === null ? '—' : `${run.fromBlock}–${run.toBlock}`;

/** Where a run stands, as the sentence the screen's live region reads out while it follows the run. */
export function runProgress(run: Pick<Run, 'status' | 'fromBlock' | 'toBlock' | 'nextBlock' | 'discrepancies' | 'error'>): string {
  switch (run.status) {
    case 'queued':
      return t('rec.status_queued');
    case 'running':
      return run.fromBlock === null || run.toBlock === null || run.nextBlock === null
        ? t('rec.status_running_start')
        : t('rec.status_running', { next: run.nextBlock, from: run.fromBlock, to: run.toBlock });
    case 'completed':
      return t('rec.status_completed', { count: totalDiscrepancies(run.discrepancies) });
    case 'failed':
      return t('rec.status_failed', { error: run.error ?? 'no reason given' });
  }
}
