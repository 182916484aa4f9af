import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { type PageCalls, pageCalls, type PayerContext, useApi } from '../api';
import { pollIntervalOf } from '../pay/page-step';
import { checkWallet } from '../pay/wallet-check';

/** Query keys of the payment screen: the record per link and Client ID, a wallet's check per link, rail and address. */
export const securePaymentKeys = {
  record: (token: string, clientId: string) => ['secure-payment', token, clientId] as const,
  walletCheck: (token: string, rail: 'evm' | 'tron', wallet: string | undefined) => ['wallet-check', token, rail, wallet ?? ''] as const,
};

/** The page's calls of one link (GET the record, GET .../pay, POST .../events and .../intent) with its Client ID. */
export function usePageCalls(token: string, clientId: string): PageCalls {
  const { api } = useApi();
  return useMemo(() => pageCalls(api, token, clientId), [api, token, clientId]);
}

/** GET /v2/secure-payments/{token}: read every second while a payment this page submitted settles, else every 15 s. */
export function useSecurePayment(calls: PageCalls, token: string, clientId: string, submitted: string | undefined) {
  return useQuery({
    queryKey: securePaymentKeys.record(token, clientId),
    queryFn: () => calls.record(),
    refetchInterval: pollIntervalOf(submitted),
  });
}

/**
 * The connected wallet's check (checkWallet: the record for the wallet, a proof when the link asks
 * for one, the transactions that pay): once per wallet, never retried on its own (the screen offers "Try again");
 * `settled` runs once it is done, whatever its outcome.
 */
export function useWalletCheck(
  calls: PageCalls,
  token: string,
  rail: 'evm' | 'tron',
  wallet: string | undefined,
  prove: () => Promise<PayerContext['proof']>,
  settled: () => void = () => undefined,
) {
  return useQuery({
    queryKey: securePaymentKeys.walletCheck(token, rail, wallet),
    enabled: !!wallet,
    staleTime: Infinity,
    retry: false,
    queryFn: () => checkWallet(calls, wallet!, prove).finally(settled),
  });
}

/** Reports `wallet_connected` (in the background: a failed report never stops the payer) each time a wallet connects. */
export function useWalletConnectedReport(calls: PageCalls, wallet: string | undefined, provider: string | undefined): void {
  useEffect(() => {
    if (wallet) void calls.event('wallet_connected', wallet, { wallet_provider: provider }).catch(() => undefined);
  }, [wallet, calls, provider]);
}

/**
 * The one primary action: `run` sends the wallet's transactions and reports the intent (runEvmPayment
 * or runTronPayment) and answers the payment's hash, handed to `onSubmitted`. Stays busy once it
 * succeeded (the screen then tracks the payment); `onFailed` clears the progress note.
 */
export function usePayAction(run: () => Promise<string>, onSubmitted: (hash: string) => void, onFailed: () => void) {
  const mutation = useMutation({ mutationFn: run, onSuccess: onSubmitted, onError: onFailed });
  return { pay: () => mutation.mutate(), busy: mutation.isPending || mutation.isSuccess, error: mutation.error };
}
