import { signInWithWallet, type TronLinkWallet } from '@payrail/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Connector, useConfig } from 'wagmi';
import { type Session, SESSION_KEY, useApis } from '../api';
import { done } from '../lib/api-call';
import { signInWithTron } from '../session/tron-sign-in';

type Credentials = { email: string; password: string };

/** The session (GET /v1/auth/session): null when signed out (401). Kept until a 401 or sign-out sets it. */
export function useSession() {
  const { auth } = useApis();
  return useQuery({
    queryKey: SESSION_KEY,
    staleTime: Infinity,
    queryFn: async (): Promise<Session | null> => {
      const { data, response } = await auth.GET('/v1/auth/session');
      if (response.status === 401) return null;
      if (!data) throw new Error(`HTTP ${response.status}`);
      return data;
    },
  });
}

/** Sign out: nothing of this platform stays cached (the session query, observed by App, is set to null, not removed). */
export function useSignOut() {
  const { auth } = useApis();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => void (await auth.POST('/v1/auth/logout')),
    onSettled: () => {
      queries.setQueryData(SESSION_KEY, null);
      queries.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}

/** The session is over (idle or expired): App shows the sign-in screen. */
export function useEndSession() {
  const queries = useQueryClient();
  return useCallback(() => queries.setQueryData(SESSION_KEY, null), [queries]);
}

/** "Stay signed in": any authenticated answer slides the session (IdleWarning). */
export function useKeepAlive() {
  const { auth } = useApis();
  return () => void auth.GET('/v1/auth/session');
}

/** A sign-in that worked: the session query reads the new cookie's session (App then shows the shell). */
function useSignedInNow() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: SESSION_KEY });
}

/** E-mail and password sign-in. */
export function useEmailSignIn() {
  const { auth } = useApis();
  const onSuccess = useSignedInNow();
  return useMutation({ mutationFn: (body: Credentials) => done(auth.POST('/v1/auth/login', { body })), onSuccess });
}

/** "Create account": a verification mail follows; no session yet. */
export function useRegister() {
  const { auth } = useApis();
  return useMutation({ mutationFn: (body: Credentials) => done(auth.POST('/v1/auth/register', { body })) });
}

/** The verification mail's token, confirmed. */
export function useVerifyEmail() {
  const { auth } = useApis();
  return useMutation({ mutationFn: (token: string) => done(auth.POST('/v1/auth/verify-email', { body: { token } })) });
}

/** Sign-In with Ethereum through an injected wallet (EIP-6963 first); a missing wallet fails with `noWallet`. */
export function useWalletSignIn(wallet: Connector | undefined, noWallet: string) {
  const { auth } = useApis();
  const config = useConfig();
  const onSuccess = useSignedInNow();
  return useMutation({
    mutationFn: () => {
      if (!wallet) throw new Error(noWallet);
      return signInWithWallet(auth, config, wallet);
    },
    onSuccess,
  });
}

/** Sign-in with a TronLink-compatible wallet; its failure is already the sentence to show. */
export function useTronSignIn(wallet: TronLinkWallet) {
  const { auth } = useApis();
  const onSuccess = useSignedInNow();
  return useMutation({ mutationFn: () => signInWithTron(auth, wallet), onSuccess });
}
