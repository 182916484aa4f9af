import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentsSchemas, useApis } from '../api';
import { must } from '../lib/api-call';
import { isOpenRun } from '../lib/reconciliation';

/** Query keys of reconciliation runs: the last runs of each network, and one run with its discrepancies. */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  runs: (network: string) => ['reconciliation', 'runs', network] as const,
  run: (id: string) => ['reconciliation', 'run', id] as const,
};

/** How often an open run (queued or running) is read again while a screen follows it. */
export const FOLLOW_INTERVAL_MS = 1000;

/** The refetch interval of runs read so far: every FOLLOW_INTERVAL_MS while one is open, else none. */
export const followWhileOpen = (runs: readonly Pick<PaymentsSchemas['ReconciliationRunDto'], 'status'>[]): number | false =>
  runs.some(isOpenRun) ? FOLLOW_INTERVAL_MS : false;

/** How many runs of each network the screen lists. */
export const RUNS_PER_NETWORK = 10;

/** GET /v2/reconciliation/runs of one network: its newest runs (the platform's and the operator's), read again while one is open. */
export function useReconciliationRuns(network: PaymentsSchemas['CreateReconciliationRunDto']['network']) {
  const { payments } = useApis();
  return useQuery({
    queryKey: reconciliationKeys.runs(network),
    queryFn: async () =>
      (await must(payments.GET('/v2/reconciliation/runs', { params: { query: { network, limit: RUNS_PER_NETWORK } } }))).runs,
    refetchInterval: (query) => followWhileOpen(query.state.data ?? []),
  });
}

type Run = PaymentsSchemas['ReconciliationRunDto'];

/** A run as the list holds it: the run without its discrepancy items. */
function summaryOf(run: PaymentsSchemas['ReconciliationRunDetailDto']): Run {
  const summary: Run & { discrepancyItems?: unknown } = { ...run };
  delete summary.discrepancyItems;
  return summary;
}

/**
 * GET /v2/reconciliation/runs/{id}: the run with its discrepancies, followed until it completes or
 * fails. Each read also updates the run's row in its network's list, so the list never shows a run
 * still queued that the screen already shows completed.
 */
export function useReconciliationRun(id: string | undefined) {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useQuery({
    queryKey: reconciliationKeys.run(id ?? ''),
    enabled: Boolean(id),
    queryFn: async () => {
      const run = await must(payments.GET('/v2/reconciliation/runs/{id}', { params: { path: { id: id! } } }));
      queries.setQueryData<Run[]>(reconciliationKeys.runs(run.network), (rows) => rows?.map((r) => (r.id === run.id ? summaryOf(run) : r)));
      return run;
    },
    refetchInterval: (query) => followWhileOpen(query.state.data ? [query.state.data] : []),
  });
}

/** POST /v2/reconciliation/runs ("Run now"): the queued run; the lists are read again so it shows at once. */
export function useRunReconciliation() {
  const { payments } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsSchemas['CreateReconciliationRunDto']) => must(payments.POST('/v2/reconciliation/runs', { body })),
    onSuccess: () => queries.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}
