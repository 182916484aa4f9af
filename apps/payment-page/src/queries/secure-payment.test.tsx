import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { pendingPayment, scriptedCalls } from '../pay/fixtures';
import { securePaymentKeys, usePayAction, useSecurePayment, useWalletCheck } from './secure-payment';

const WALLET = '0x1111111111111111111111111111111111111111';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('securePaymentKeys', () => {
  it('keys the record per link and Client ID, and a check per link, rail and wallet', () => {
    expect(securePaymentKeys.record('tok', 'pk_1')).toEqual(['secure-payment', 'tok', 'pk_1']);
    expect(securePaymentKeys.walletCheck('tok', 'evm', WALLET)).not.toEqual(securePaymentKeys.walletCheck('tok', 'tron', WALLET));
    expect(securePaymentKeys.walletCheck('tok', 'evm', undefined)).toEqual(['wallet-check', 'tok', 'evm', '']);
  });
});

describe('useSecurePayment', () => {
  it('reads the record of the link', async () => {
    const { calls } = scriptedCalls({ record: () => pendingPayment({ amount: '7' }) });
    const { result } = renderHook(() => useSecurePayment(calls, 'tok', 'pk_1', undefined), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.data).toMatchObject({ amount: '7' }));
  });
});

describe('useWalletCheck', () => {
  it('waits for a wallet, then checks it once and says when it is done', async () => {
    const { calls, log } = scriptedCalls({ record: () => pendingPayment() });
    let settled = 0;
    const { result, rerender } = renderHook(
      ({ wallet }: { wallet?: string }) =>
        useWalletCheck(
          calls,
          'tok',
          'evm',
          wallet,
          () => Promise.reject(new Error('no proof')),
          () => settled++,
        ),
      { wrapper: wrapper(), initialProps: {} },
    );
    expect(result.current.fetchStatus).toBe('idle');
    expect(log).toEqual([]);
    rerender({ wallet: WALLET });
    await waitFor(() => expect(result.current.data).toMatchObject({ payer: { wallet: WALLET } }));
    expect(log.map((l) => l.call)).toEqual(['record', 'pay']);
    expect(settled).toBe(1);
  });
});

describe('usePayAction', () => {
  it('is busy while paying and after, hands the hash on, and keeps a failure to show', async () => {
    const submitted: string[] = [];
    let failed = 0;
    let outcome: () => Promise<string> = () => Promise.resolve('0xhash');
    const { result } = renderHook(
      () =>
        usePayAction(
          () => outcome(),
          (h) => submitted.push(h),
          () => failed++,
        ),
      { wrapper: wrapper() },
    );
    expect(result.current.busy).toBe(false);
    act(() => result.current.pay());
    await waitFor(() => expect(submitted).toEqual(['0xhash']));
    expect(result.current.busy).toBe(true);

    outcome = () => Promise.reject(new Error('User rejected the request.'));
    const second = renderHook(
      () =>
        usePayAction(
          () => outcome(),
          (h) => submitted.push(h),
          () => failed++,
        ),
      { wrapper: wrapper() },
    );
    act(() => second.result.current.pay());
    await waitFor(() => expect(second.result.current.error?.message).toBe('User rejected the request.'));
    expect(second.result.current.busy).toBe(false);
    expect(failed).toBe(1);
  });
});
