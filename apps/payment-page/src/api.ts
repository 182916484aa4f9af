import type { PaymentsClient, PaymentsComponents, WebRuntimeConfig } from '@payrail/web';
import { createContext, useContext } from 'react';

export type SecurePayment = PaymentsComponents['schemas']['SecurePaymentDataDto'];

export const ApiContext = createContext<{ api: PaymentsClient; runtime: WebRuntimeConfig } | null>(null);

export function useApi(): { api: PaymentsClient; runtime: WebRuntimeConfig } {
  const value = useContext(ApiContext);
  if (!value) throw new Error('ApiContext is missing');
  return value;
}

/**
 * Where the page reads its token and Client ID: `/pay/<token>?clientId=<id>` (securePaymentUrl is
 * `SECURE_PAYMENT_PAGE_URL/<token>`; the Client ID is public and must allow this page's origin).
 */
export function pageLocation(): { token: string | undefined; clientId: string | undefined } {
  const match = /^\/pay\/([^/]+)\/?$/.exec(window.location.pathname);
  const clientId = new URLSearchParams(window.location.search).get('clientId') ?? undefined;
  return { token: match ? decodeURIComponent(match[1]) : undefined, clientId };
}
