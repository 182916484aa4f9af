import createClient, { type Client } from 'openapi-fetch';
import type { paths as AuthPaths } from './generated/auth-api';
import type { paths as PaymentsPaths } from './generated/payments-api';

export type { AuthPaths, PaymentsPaths };
export type { components as PaymentsComponents } from './generated/payments-api';
export type { components as AuthComponents } from './generated/auth-api';

export type PaymentsClient = Client<PaymentsPaths>;
export type AuthClient = Client<AuthPaths>;

/**
 * The payments-api client, typed from openapi/payments-api.json (types generated at build by
 * openapi-typescript). `baseUrl` '' means same origin (the dashboard, behind its proxy);
 * the payment page passes the API's own origin (cross-origin, CORS granted by its Client ID).
 * `credentials: 'include'` sends the session cookie on same-origin calls; cross-origin calls with a
 * Client ID carry no cookie the API would read (it grants credentialed CORS to DASHBOARD_ORIGINS only).
 */
export function createPaymentsClient(baseUrl: string, headers: Record<string, string> = {}): PaymentsClient {
  return createClient<PaymentsPaths>({ baseUrl, headers, credentials: baseUrl === '' ? 'include' : 'omit' });
}

/** The auth-api client (sign-in, session, Client IDs, platform webhooks), typed from openapi/auth-api.json. */
export function createAuthClient(baseUrl: string): AuthClient {
  return createClient<AuthPaths>({ baseUrl, credentials: baseUrl === '' ? 'include' : 'omit' });
}

/**
 * The OpenAPI documents list `Origin` as a required header of the Client ID routes. A browser sets
 * Origin itself (a forbidden header name: fetch drops a script's value), so this only satisfies the
 * generated types; what the API sees is the page's real origin.
 */
export const originHeader = (): { origin: string } => ({ origin: window.location.origin });
