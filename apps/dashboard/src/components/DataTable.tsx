import type { ReactNode } from 'react';
import { t } from '../messages';

/**
 * A real table (caption, column headers with scope) in a keyboard-scrollable region, so wide tables
 * scroll sideways on a phone instead of overflowing the page. `empty` shows when there are no rows.
 */
export function DataTable({
  caption,
  columns,
  children,
  rowCount,
  empty,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
  rowCount: number;
  empty?: string;
}) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rowCount === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty ?? t('table.empty')}</td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
