import { signInWithWallet, unwrap } from '@payrail/web';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useConfig, useConnectors } from 'wagmi';
import { type CompletedLinkIntent, type Currency, type LinkIntentView, type PlatformClientId, useApi } from '../api';
import { t } from '../messages';

/** Query keys of the onboarding screen (a session's lists are keyed by its token, so a new sign-in reads afresh). */
export const onboardingKeys = {
  intent: (intentId: string) => ['link-intent', intentId] as const,
  clientIds: (session: string) => ['platform-client-ids', session] as const,
  currencies: (networks: readonly string[]) => ['destination-currencies', ...networks] as const,
};

/** A wallet session of the platform, held in the page's memory only (never a cookie or storage). */
export interface PlatformSession {
  address: string;
  token: string;
}

const bearer = (session: PlatformSession) => ({ authorization: `Bearer ${session.token}` });

/** GET /v2/orchestrators/link-intents/{intentId}: public, the intent id is the secret. */
export function useLinkIntent(intentId: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: onboardingKeys.intent(intentId),
    queryFn: async (): Promise<LinkIntentView> =>
      unwrap(await api.GET('/v2/orchestrators/link-intents/{intentId}', { params: { path: { intentId } } })),
  });
}

/** The signed-in platform's usable Client IDs (auth-api GET /v1/client-ids, wallet session as bearer). */
export function usePlatformClientIds(session: PlatformSession | undefined) {
  const { auth } = useApi();
  return useQuery({
    queryKey: onboardingKeys.clientIds(session?.token ?? ''),
    enabled: session !== undefined,
    queryFn: async (): Promise<PlatformClientId[]> => {
      const all = unwrap(await auth.GET('/v1/client-ids', { headers: bearer(session!) }));
      return all.filter((c) => c.status === 'active');
    },
  });
}

/** Token currencies of the networks this page is configured for (GET /v2/currencies): the payout currency choices. */
export function useDestinationCurrencies(session: PlatformSession | undefined) {
  const { api, runtime } = useApi();
  const networks = runtime.networks.map((n) => n.network);
  return useQuery({
    queryKey: onboardingKeys.currencies(networks),
    enabled: session !== undefined,
    staleTime: Infinity,
    queryFn: async (): Promise<Currency[]> => {
      const lists = await Promise.all(
        networks.map(async (network) => {
          const found = unwrap(await api.GET('/v2/currencies', { params: { query: { network } }, headers: bearer(session!) }));
          return Array.isArray(found) ? found : [found];
        }),
      );
      return lists.flat().filter((c) => c.type === 'ERC20' || c.type === 'TRC20');
    },
  });
}

/** SIWE with the first EIP-6963 wallet (the shared flow of @payrail/web), asking for a bearer session. */
export function useWalletSignIn(onSignedIn: (session: PlatformSession) => void) {
  const { auth } = useApi();
  const config = useConfig();
  const connectors = useConnectors();
  // EIP-6963 wallets come first (wagmi adds them as they announce); the generic injected one last.
  const wallet = connectors.find((c) => c.type === 'injected' && c.id !== 'injected') ?? connectors[0];
  return useMutation({
    mutationFn: async (): Promise<PlatformSession> => {
      if (!wallet) throw new Error(t('onboarding.no_wallet'));
      const signedIn = await signInWithWallet(auth, config, wallet, { bearer: true });
      if (!signedIn.sessionToken) throw new Error('the server gave no session');
      return { address: signedIn.address, token: signedIn.sessionToken };
    },
    onSuccess: onSignedIn,
  });
}

export interface CompleteLinkIntentBody {
  clientId: string;
  destinationWalletAddress: string;
  currency: string;
}

/** POST /v2/orchestrators/link-intents/{intentId}/complete with the wallet session. */
export function useCompleteLinkIntent(intentId: string, session: PlatformSession | undefined) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: CompleteLinkIntentBody): Promise<CompletedLinkIntent> => {
      if (!session) throw new Error(t('onboarding.not_signed_in'));
      return unwrap(
        await api.POST('/v2/orchestrators/link-intents/{intentId}/complete', {
          params: { path: { intentId } },
          headers: bearer(session),
          body,
        }),
      );
    },
  });
}
