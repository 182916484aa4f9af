import { Alert } from '@payrail/web';
import { dateTime } from '../lib/format';
import { blocksText, runProgress, windowText } from '../lib/reconciliation';
import { t } from '../messages';
import { useReconciliationRun } from '../queries/reconciliation';
import { DiscrepancyTable } from './DiscrepancyTable';
import { QueryState } from './QueryState';

/** One run, followed while it is queued or running (its progress in a live region), then its discrepancies with their evidence. */
export function ReconciliationRunDetail({ id }: { id: string }) {
  const query = useReconciliationRun(id);
  const run = query.data;
  return (
    <section aria-labelledby="reconciliation-run-title" className="pr-card">
      <QueryState query={query} />
      {run && (
        <>
          <h2 id="reconciliation-run-title">{t('rec.run_title', { window: windowText(run), network: run.network })}</h2>
          {run.status === 'failed' ? (
            <Alert>{runProgress(run)}</Alert>
          ) : (
            <p role="status" data-field="run-progress" data-status={run.status}>
              {runProgress(run)}
            </p>
          )}
          <dl className="facts">
            <div>
              <dt>{t('rec.fact_scope')}</dt>
              <dd>{t(run.scope === 'platform' ? 'rec.scope_platform' : 'rec.scope_operator')}</dd>
            </div>
            <div>
              <dt>{t('rec.fact_blocks')}</dt>
              <dd className="mono">{blocksText(run)}</dd>
            </div>
            <div>
              <dt>{t('rec.fact_chain')}</dt>
              <dd>{run.chainTransfers}</dd>
            </div>
            <div>
              <dt>{t('rec.fact_ledger')}</dt>
              <dd>{run.ledgerTransfers}</dd>
            </div>
            <div>
              <dt>{t('rec.fact_completed')}</dt>
              <dd>{dateTime(run.completedAt)}</dd>
            </div>
          </dl>
          {run.status === 'completed' && <DiscrepancyTable items={run.discrepancyItems} />}
        </>
      )}
    </section>
  );
}
