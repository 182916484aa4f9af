import type { PaymentsSchemas } from '../api';
import { dayLabel, maxAmount, money, shareOf } from '../lib/format';
import { t } from '../messages';
import { useVolume } from '../queries/payments';
import { DataTable } from './DataTable';
import { QueryState } from './QueryState';

const DAYS = 30;

/**
 * Settled volume of the last 30 days, summed by the server per UTC day and currency: a total per
 * currency, and per currency a bar chart (plain SVG, heights from bigint ratios) with the same
 * numbers in a table for assistive technology.
 */
export function VolumeChart() {
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
  const from = new Date(today.getTime() - (DAYS - 1) * 86400_000).toISOString();
  const to = new Date(today.getTime() + 86400_000).toISOString();
  const volume = useVolume(from, to);
  if (!volume.data) return <QueryState query={volume} />;
  const { totals, days } = volume.data;
  return (
    <section aria-labelledby="overview-title" className="overview">
      <h2 id="overview-title">{t('overview.title', { days: DAYS })}</h2>
      {totals.length === 0 && <p>{t('overview.empty')}</p>}
      <div className="overview-grid">
        {totals.map((total) => (
          <CurrencyChart key={total.currency} total={total} days={days.filter((d) => d.currency === total.currency)} from={from} />
        ))}
      </div>
    </section>
  );
}

function CurrencyChart({
  total,
  days,
  from,
}: {
  total: PaymentsSchemas['VolumeTotalDto'];
  days: PaymentsSchemas['VolumeDayDto'][];
  from: string;
}) {
  const max = days.reduce((m, d) => maxAmount(m, d.amount), '0');
  const byDay = new Map(days.map((d) => [d.day, d]));
  const start = Date.parse(from);
  const slots = Array.from({ length: DAYS }, (_, i) => new Date(start + i * 86400_000).toISOString().slice(0, 10));
  const width = 300;
  const bar = width / DAYS;
  return (
    <figure className="pr-card chart">
      <figcaption>
        <strong>{money(total.amount, total.currency)}</strong> {t('overview.count', { count: total.count })}
      </figcaption>
      <svg viewBox={`0 0 ${width} 80`} role="img" aria-label={t('overview.chart_label', { currency: total.currency })}>
        {slots.map((day, i) => {
          const d = byDay.get(day);
          const h = d ? Math.max(2, (shareOf(d.amount, max) * 76) / 1000) : 0;
          return <rect key={day} x={i * bar + 1} y={80 - h} width={bar - 2} height={h} className="bar" />;
        })}
      </svg>
      <details>
        <summary>{t('overview.as_table')}</summary>
        <DataTable
          caption={t('overview.table', { currency: total.currency })}
          columns={[t('col.day'), t('col.count'), t('col.amount')]}
          rowCount={days.length}
        >
          {days.map((d) => (
            <tr key={d.day}>
              <td>{dayLabel(d.day)}</td>
              <td>{d.count}</td>
              <td>{money(d.amount, d.currency)}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}
