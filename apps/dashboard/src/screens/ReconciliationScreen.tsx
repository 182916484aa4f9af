import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button } from '@payrail/web';
import { getRouteApi } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useApis } from '../api';
import { NetworkRuns } from '../components/ReconciliationRuns';
import { ReconciliationRunDetail } from '../components/ReconciliationRunDetail';
import {
  RECONCILABLE_NETWORKS,
  reconciliationRunBody,
  reconciliationRunForm,
  type ReconciliationRunValues,
  RUN_WINDOWS,
} from '../forms/reconciliation-run-body';
import { t } from '../messages';
import { useRunReconciliation } from '../queries/reconciliation';

const route = getRouteApi('/reconciliation');

type Network = (typeof RECONCILABLE_NETWORKS)[number];

/**
 * Reconciliation (docs/reconciliation.md): "Run now" over a network and window, the run it started
 * (or the one opened from a list; its id in the URL, `?run=`) followed to its end with its
 * discrepancies and their evidence, and the last runs of each network this deployment reads.
 */
export function ReconciliationScreen() {
  const { run } = route.useSearch();
  const navigate = route.useNavigate();
  const { runtime } = useApis();
  const networks = RECONCILABLE_NETWORKS.filter((n) => runtime.networks.some((r) => r.network === n));
  return (
    <section aria-labelledby="reconciliation-title">
      <h1 id="reconciliation-title">{t('nav.reconciliation')}</h1>
      <p>{t('rec.intro')}</p>
      {networks.length === 0 ? (
        <Alert>{t('rec.no_networks')}</Alert>
      ) : (
        <RunNowForm networks={networks} onStarted={(id) => void navigate({ search: { run: id } })} />
      )}
      {run && <ReconciliationRunDetail key={run} id={run} />}
      <section aria-labelledby="last-runs-title">
        <h2 id="last-runs-title">{t('rec.last_runs')}</h2>
        {networks.map((network) => (
          <NetworkRuns key={network} network={network} selected={run} />
        ))}
      </section>
    </section>
  );
}

function RunNowForm({ networks, onStarted }: { networks: Network[]; onStarted: (runId: string) => void }) {
  const start = useRunReconciliation();
  const form = useForm<ReconciliationRunValues>({
    resolver: zodResolver(reconciliationRunForm),
    defaultValues: { network: networks[0], window: '24h' },
  });
  const submit = form.handleSubmit((values) =>
    start.mutate(reconciliationRunBody(values, new Date()), { onSuccess: (created) => onStarted(created.id) }),
  );
  return (
    <form className="pr-card form-grid" onSubmit={(e) => void submit(e)} aria-label={t('rec.run_form')}>
      <div className="pr-field">
        <label htmlFor="rec-network">{t('field.network')}</label>
        <select id="rec-network" {...form.register('network')}>
          {networks.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="pr-field">
        <label htmlFor="rec-window">{t('rec.window')}</label>
        <select id="rec-window" {...form.register('window')} aria-describedby="rec-window-note">
          {RUN_WINDOWS.map((w) => (
            <option key={w} value={w}>
              {t(`rec.window_${w}` as const)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={start.isPending}>
        {t('rec.run_now')}
      </Button>
      <small id="rec-window-note" className="form-note">
        {t('rec.lag_note')}
      </small>
      {start.error && <Alert>{t('rec.run_failed', { reason: start.error.message })}</Alert>}
    </form>
  );
}
