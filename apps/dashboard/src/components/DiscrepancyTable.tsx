import { Link } from '@tanstack/react-router';
import type { PaymentsSchemas } from '../api';
import { dateTime } from '../lib/format';
import { evidenceLines, type EvidenceLine } from '../lib/reconciliation';
import { t } from '../messages';
import { DataTable } from './DataTable';

type Discrepancy = PaymentsSchemas['DiscrepancyDto'];

/**
 * A run's discrepancies with their evidence: class, payment, transaction hash, log index, block,
 * and both sides' values field by field (amounts in base units, as the chain and the ledger hold
 * them); a field on which the sides disagree is marked "differs". No rows: the clean sentence.
 */
export function DiscrepancyTable({ items }: { items: readonly Discrepancy[] }) {
  return (
    <DataTable
      caption={t('rec.discrepancies')}
      columns={[
        t('rec.col_class'),
        t('rec.col_payment'),
        t('rec.col_tx'),
        t('rec.col_log_index'),
        t('col.block'),
        t('rec.col_chain'),
        t('rec.col_ledger'),
      ]}
      rowCount={items.length}
      empty={t('rec.clean')}
    >
      {items.map((d) => {
        const lines = evidenceLines(d);
        return (
          <tr key={`${d.class}-${d.txHash ?? d.requestId ?? d.referenceTopic}-${d.logIndex ?? ''}`}>
            <td>
              <span className="mono">{d.class}</span>
              <small className="mark">{t(`rec.class.${d.class}` as const)}</small>
              {d.repairedAt && <small className="mark">{t('rec.repaired', { time: dateTime(d.repairedAt) })}</small>}
            </td>
            <td className="mono">
              {d.requestId ? (
                <Link to="/payments/$requestId" params={{ requestId: d.requestId }} className="break">
                  {d.requestId.slice(0, 12)}…
                </Link>
              ) : (
                '—'
              )}
            </td>
            <td className="mono break" data-field="tx-hash">
              {d.txHash ?? '—'}
            </td>
            <td>{d.logIndex ?? '—'}</td>
            <td>{d.blockNumber ?? '—'}</td>
            <td className="evidence-cell">
              {d.chain === null ? <em>{t('rec.absent_chain')}</em> : <Evidence lines={lines} side="chain" />}
            </td>
            <td className="evidence-cell">
              {d.ledger === null ? <em>{t('rec.absent_ledger')}</em> : <Evidence lines={lines} side="ledger" />}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

function Evidence({ lines, side }: { lines: EvidenceLine[]; side: 'chain' | 'ledger' }) {
  return (
    <dl className="evidence">
      {lines
        .filter((line) => line[side] !== null)
        .map((line) => (
          <div key={line.field}>
            <dt>{t(`rec.field.${line.field}` as const)}</dt>
            <dd className="mono">
              {line[side]}
              {line.differs && (
                <span className="badge" data-status="differs">
                  {t('rec.differs')}
                </span>
              )}
            </dd>
          </div>
        ))}
    </dl>
  );
}
