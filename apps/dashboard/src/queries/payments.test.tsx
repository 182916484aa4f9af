import { type AuthPaths, type PaymentsPaths } from '@payrail/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import createClient from 'openapi-fetch';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { type Apis, ApiContext } from '../api';
import { exportUrlOf, paymentKeys, requestFiltersOf, useCreateInvoice, useRequests } from './payments';

/** A payments-api answering like the real one, recording every request it saw (the network is the only thing replaced). */
function fakeApi(answer: (request: Request) => unknown) {
  const seen: Request[] = [];
  const fetch = (input: Request): Promise<Response> => {
    seen.push(input.clone());
    const body = answer(input);
    return Promise.resolve(
      new Response(JSON.stringify(body), {
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

describe('payments queries', () => {
  it('maps the URL filters to the API: whole UTC days become instants, `to` inclusive, absent fields left out', () => {
    expect(requestFiltersOf({ status: 'paid', from: '2026-11-01', to: '2026-11-27', payer: '0xabc' })).toEqual({
      status: 'paid',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-28T00:00:00.000Z',
      payer: '0xabc',
    });
    expect(requestFiltersOf({})).toEqual({});
    expect(exportUrlOf({})).toBe('/v2/requests/export');
    expect(exportUrlOf({ status: 'paid', reference: 'INV 7' })).toBe('/v2/requests/export?status=paid&reference=INV+7');
  });

  it("useRequests asks for one page with the filters and cursor, under the key factory's key", async () => {
    const page = { data: [], nextCursor: 'next-1' };
    const { seen, queries, wrapper } = fakeApi(() => page);
    const { result } = renderHook(() => useRequests({ status: 'paid', network: 'sepolia' }, 'c1'), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(page);
    const url = new URL(seen[0].url);
    expect(url.pathname).toBe('/v2/requests');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'paid', network: 'sepolia', cursor: 'c1', limit: '25' });
    expect(queries.getQueryData(paymentKeys.list({ status: 'paid', network: 'sepolia' }, 'c1'))).toEqual(page);
  });

  it('useCreateInvoice posts the body and refetches the payment lists (invalidated by the key factory)', async () => {
    let lists = 0;
    const { seen, wrapper } = fakeApi((request) => {
      if (request.method === 'POST') return { requestId: '01ab', paymentReference: '0x01' };
      lists += 1;
      return { data: [], nextCursor: null };
    });
    const { result } = renderHook(() => ({ list: useRequests({}, undefined), create: useCreateInvoice() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(lists).toBe(1);
    const body = { payee: '0xpayee', amount: '1', paymentCurrency: 'fUSDC-sepolia', invoiceCurrency: 'fUSDC-sepolia' };
    await act(() => result.current.create.mutateAsync(body));
    await waitFor(() => expect(lists).toBe(2));
    const post = seen.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/v2/request');
    expect(await post.json()).toEqual(body);
  });
});
