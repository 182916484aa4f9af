import { type AuthPaths, type PaymentsPaths } from '@payrail/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import createClient from 'openapi-fetch';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type Apis, ApiContext } from '../api';
import {
  FOLLOW_INTERVAL_MS,
  followWhileOpen,
  reconciliationKeys,
  useReconciliationRun,
  useReconciliationRuns,
  useRunReconciliation,
} from './reconciliation';

/** A payments-api answering like the real one, recording every request it saw (the network is the only thing replaced). */
function fakeApi(answer: (request: Request) => unknown) {
  const seen: Request[] = [];
  const fetch = (input: Request): Promise<Response> => {
    seen.push(input.clone());
    return Promise.resolve(
      new Response(JSON.stringify(answer(input)), {
        status: input.method === 'POST' ? 201 : 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  const apis: Apis = {
    payments: createClient<PaymentsPaths>({ baseUrl: 'http://api.test', fetch }),
    auth: createClient<AuthPaths>({ baseUrl: 'http://api.test', fetch }),
    runtime: { paymentsApiUrl: '', authApiUrl: '', networks: [] },
  };
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>
      <ApiContext.Provider value={apis}>{children}</ApiContext.Provider>
    </QueryClientProvider>
  );
  return { seen, queries, wrapper };
}

const zero = { missing_in_ledger: 0, missing_on_chain: 0, amount_mismatch: 0, fee_mismatch: 0, status_mismatch: 0 };
const run = (id: string, status: string) => ({ id, network: 'sepolia', status, discrepancies: zero });

describe('reconciliation queries', () => {
  it('follows runs only while one is queued or running', () => {
    expect(followWhileOpen([run('a', 'completed'), run('b', 'queued')] as never)).toBe(FOLLOW_INTERVAL_MS);
    expect(followWhileOpen([run('a', 'running')] as never)).toBe(FOLLOW_INTERVAL_MS);
    expect(followWhileOpen([run('a', 'completed'), run('b', 'failed')] as never)).toBe(false);
    expect(followWhileOpen([])).toBe(false);
  });

  it('useReconciliationRuns asks for the newest runs of one network under its key', async () => {
    const { seen, queries, wrapper } = fakeApi(() => ({ runs: [run('01A', 'completed')] }));
    const { result } = renderHook(() => useReconciliationRuns('sepolia'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/v2/reconciliation/runs');
    expect(Object.fromEntries(url.searchParams)).toEqual({ network: 'sepolia', limit: '10' });
    expect(queries.getQueryData(reconciliationKeys.runs('sepolia'))).toEqual([run('01A', 'completed')]);
  });

  it('"Run now" posts the window and reads the lists again; the run is read by its id', async () => {
    let lists = 0;
    const { seen, wrapper } = fakeApi((request) => {
      if (request.method === 'POST') return run('01NEW', 'queued');
      if (new URL(request.url).pathname.endsWith('/01NEW')) return { ...run('01NEW', 'completed'), discrepancyItems: [] };
      lists += 1;
      return { runs: [] };
    });
    const { result } = renderHook(
      () => ({ list: useReconciliationRuns('sepolia'), start: useRunReconciliation(), one: useReconciliationRun('01NEW') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess && result.current.one.isSuccess).toBe(true));
    expect(lists).toBe(1);
    const body = { network: 'sepolia', from: '2026-11-27T10:00:00.000Z', to: '2026-11-28T10:00:00.000Z' } as const;
    const created = await act(() => result.current.start.mutateAsync(body));
    expect(created.id).toBe('01NEW');
    await waitFor(() => expect(lists).toBe(2));
    const post = seen.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/v2/reconciliation/runs');
    expect(await post.json()).toEqual(body);
    expect(result.current.one.data?.status).toBe('completed');
  });

  it("reading a run puts its state in its network's list (no list row left queued once the run shows completed)", async () => {
    let reads = 0;
    const { queries, wrapper } = fakeApi((request) => {
      if (new URL(request.url).pathname.endsWith('/01B')) return { ...run('01B', 'completed'), discrepancyItems: [] };
      reads += 1;
      return { runs: [run('01B', 'queued'), run('01A', 'completed')] };
    });
    const { result, rerender } = renderHook(({ id }) => ({ list: useReconciliationRuns('sepolia'), one: useReconciliationRun(id) }), {
      wrapper,
      initialProps: { id: undefined as string | undefined },
    });
    await waitFor(() => expect(result.current.list.data?.[0].status).toBe('queued'));
    rerender({ id: '01B' });
    await waitFor(() => expect(result.current.one.isSuccess).toBe(true));
    expect(queries.getQueryData(reconciliationKeys.runs('sepolia'))).toEqual([run('01B', 'completed'), run('01A', 'completed')]);
    expect(reads).toBe(1);
  });
});
