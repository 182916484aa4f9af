import {
  type AuthClient,
  type AuthComponents,
  originHeader,
  type PaymentsClient,
  type PaymentsComponents,
  unwrap,
  type WebRuntimeConfig,
} from '@payrail/web';
import { createContext, useContext } from 'react';

type Schemas = PaymentsComponents['schemas'];
export type SecurePayment = Schemas['SecurePaymentDataDto'];
export type MulticallState = Schemas['MulticallStateDto'];
export type BatchRecord = Schemas['BatchPaymentDataDto'];
export type PaymentRecord = SecurePayment | MulticallState | BatchRecord;
export type SinglePayAnswer = Schemas['OneTimePayoutResponseDto'];
export type MulticallPayAnswer = Schemas['BatchPayoutResponseDto'];
export type PayAnswer = SinglePayAnswer | MulticallPayAnswer;
export type UserEvent = Schemas['UserEventDto']['userEvent'];
export type LinkIntentView = Schemas['LinkIntentViewDto'];
export type CompletedLinkIntent = Schemas['CompletedLinkIntentDto'];
export type Currency = Schemas['CurrencyDto'];
export type PlatformClientId = AuthComponents['schemas']['ClientIdResponse'];
/** `{CHAIN: {TOKEN: {balance, hasEnoughBalance, neededAmount, unavailable?}}}`: the record's paymentOptions for a wallet. */
export type PaymentOptions = NonNullable<SecurePayment['paymentOptions']>;
export type PaymentOption = Schemas['PaymentOptionDto'];

export interface PageApis {
  api: PaymentsClient;
  /** auth-api: the onboarding screen's wallet sign-in and the platform's Client IDs. */
  auth: AuthClient;
  runtime: WebRuntimeConfig;
}

export const ApiContext = createContext<PageApis | null>(null);

export function useApi(): PageApis {
  const value = useContext(ApiContext);
  if (!value) throw new Error('ApiContext is missing');
  return value;
}

/**
 * Where the page reads its token and Client ID: `/pay/<token>?clientId=<id>`, the link's
 * securePaymentUrl (payments-api puts the public Client ID the page calls it with in the link);
 * `/pay/<token>/receipt?clientId=` is the link's printable receipt.
 */
export function pageLocation(): { token: string | undefined; clientId: string | undefined; view: 'payment' | 'receipt' } {
  const match = /^\/pay\/([^/]+?)(\/receipt)?\/?$/.exec(window.location.pathname);
  const clientId = new URLSearchParams(window.location.search).get('clientId') ?? undefined;
  return { token: match ? decodeURIComponent(match[1]) : undefined, clientId, view: match?.[2] ? 'receipt' : 'payment' };
}

/**
 * `<SECURE_PAYMENT_PAGE_URL>/onboarding/<intentId>`, a link intent's onboardingUrl: under `/pay`
 * (the page's usual base) or at the root, so either base of SECURE_PAYMENT_PAGE_URL routes here.
 */
export function onboardingLocation(): string | undefined {
  const match = /^(?:\/pay)?\/onboarding\/([^/]+)\/?$/.exec(window.location.pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/** What the page knows of the paying wallet: its address and, when it signed one, the wallet proof headers. */
export interface PayerContext {
  wallet?: string;
  proof?: { 'x-wallet-proof': string; 'x-wallet-proof-timestamp': string };
}

/** The calls of the page, each with the link's Client ID (the browser adds the real Origin). */
export function pageCalls(api: PaymentsClient, token: string, clientId: string) {
  const headers = (payer: PayerContext = {}) => ({ 'x-client-id': clientId, ...payer.proof });
  const query = (payer: PayerContext) => (payer.wallet ? { wallet: payer.wallet } : {});
  const path = { token };
  return {
    record: async (payer: PayerContext = {}): Promise<PaymentRecord> =>
      unwrap(
        await api.GET('/v2/secure-payments/{token}', {
          params: { path, query: query(payer), header: originHeader() },
          headers: headers(payer),
        }),
      ),
    pay: async (payer: PayerContext): Promise<PayAnswer> =>
      unwrap(
        await api.GET('/v2/secure-payments/{token}/pay', {
          params: { path, query: query(payer), header: originHeader() },
          headers: headers(payer),
        }),
      ),
    event: async (userEvent: UserEvent, walletAddress: string, properties: Schemas['UserEventDto']['properties'] = {}) => {
      await api.POST('/v2/secure-payments/{token}/events', {
        params: { path, header: originHeader() },
        headers: headers(),
        body: { userEvent, walletAddress, occurredAt: new Date().toISOString(), properties },
      });
    },
    /** Relays a signed Tron transaction through the API, which checks it is this payment's own call (tron/broadcast). */
    tronBroadcast: async (signedTransaction: unknown) =>
      unwrap(
        await api.POST('/v2/secure-payments/{token}/tron/broadcast', {
          params: { path, header: originHeader() },
          headers: headers(),
          body: { signedTransaction: signedTransaction as Schemas['TronBroadcastDto']['signedTransaction'] },
        }),
      ),
    intent: async (txHash: string, chain: string, payerAddress: string) =>
      unwrap(
        await api.POST('/v2/secure-payments/{token}/intent', {
          params: { path, header: originHeader() },
          headers: headers(),
          body: { txHash, chain, payerAddress },
        }),
      ),
  };
}
export type PageCalls = ReturnType<typeof pageCalls>;
