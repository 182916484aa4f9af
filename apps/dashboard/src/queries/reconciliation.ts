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

/** GET /v2/reconciliation/runs/{id}: the run with its discrepancies, followed until it completes or fails. */
export function useReconciliationRun(id: string | undefined) {
  const { payments } = useApis();
  return useQuery({
    queryKey: reconciliationKeys.run(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => must(payments.GET('/v2/reconciliation/runs/{id}', { params: { path: { id: id! } } })),
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
