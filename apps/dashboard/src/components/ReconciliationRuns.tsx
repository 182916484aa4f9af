import { Link } from '@tanstack/react-router';
import type { PaymentsSchemas } from '../api';
import { dateTime } from '../lib/format';
import { blocksText, DISCREPANCY_CLASSES, totalDiscrepancies, windowText } from '../lib/reconciliation';
import { t } from '../messages';
import { useReconciliationRuns } from '../queries/reconciliation';
import { DataTable } from './DataTable';
import { QueryState } from './QueryState';

type Run = PaymentsSchemas['ReconciliationRunDto'];
type Network = PaymentsSchemas['CreateReconciliationRunDto']['network'];

/** The newest runs of one network (the platform's and the operator's), each with "Show" to open it below the form. */
export function NetworkRuns({ network, selected }: { network: Network; selected: string | undefined }) {
  const runs = useReconciliationRuns(network);
  const rows = runs.data ?? [];
  return (
    <>
      <QueryState query={runs} />
      <DataTable
        caption={t('rec.runs_of', { network })}
        columns={[
          t('col.created'),
          t('rec.col_window'),
          t('rec.col_started_by'),
          t('col.status'),
          t('rec.col_blocks'),
          t('rec.col_discrepancies'),
          t('col.actions'),
        ]}
        rowCount={rows.length}
        empty={t('rec.runs_empty')}
      >
        {rows.map((run) => (
          <tr key={run.id} aria-current={run.id === selected ? 'true' : undefined}>
            <td>{dateTime(run.createdAt)}</td>
            <td>{windowText(run)}</td>
            <td>{t(`rec.trigger_${run.trigger}` as const)}</td>
            <td>
              <span className="badge" data-status={run.status}>
                {run.status}
              </span>
            </td>
            <td className="mono">{blocksText(run)}</td>
            <td>
              <Counts run={run} />
            </td>
            <td className="actions">
              <Link
                to="/reconciliation"
                search={{ run: run.id }}
                aria-label={t('rec.show_one', { window: windowText(run), network: run.network })}
              >
                {t('rec.show')}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/** The total, then each class that has any: '—' until the run completed. */
function Counts({ run }: { run: Run }) {
  if (run.status !== 'completed') return <>—</>;
  const classes = DISCREPANCY_CLASSES.filter((c) => run.discrepancies[c] > 0);
  return (
    <>
      <span data-field="discrepancy-total">{totalDiscrepancies(run.discrepancies)}</span>
      {classes.map((c) => (
        <small key={c} className="mark mono">
          {c}: {run.discrepancies[c]}
        </small>
      ))}
    </>
  );
}
