import { sqlRows } from '@payrail/persistence';
import { SessionStore } from '@payrail/platform';
import { CreateClientId } from '@payrail/tenancy';
import { getAddress } from 'ethers';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from './payouts-api.js';

export const PAYEE = getAddress('0x00000000000000000000000000000000000b0b01');
export const ORIGIN = 'https://shop.example';
export const TRON = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
export const ALLOWED = getAddress('0x00000000000000000000000000000000000a11ce');
export const OUTSIDER = '0x00000000000000000000000000000000000BAD01';
export const PAYMENT = { payee: PAYEE, amount: '12.5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };

export interface Created {
  token: string;
  securePaymentUrl: string;
  requestIds: string[];
}

export interface SecurePaymentsApi {
  p: PayoutsApi;
  db: DataSource;
  browser: { clientId: string };
  otherBrowser: { clientId: string };
  create(body: object, headers?: Record<string, string>): Promise<{ status: number; body: Created & { errors?: unknown } }>;
  page(token: string, query?: string, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  events(token: string): Promise<{ event_type: string; payload: Record<string, unknown> }[]>;
}

/** payments-api in the test process (payouts' harness, with `env` on top) with two browser Client IDs of the tenant and secure-payment helpers. */
export async function startSecurePaymentsApi(env: Record<string, string> = {}): Promise<SecurePaymentsApi> {
  const p = await startPayoutsApi({ SECURE_PAYMENT_PAGE_URL: 'https://pay.payrail.test/', ...env });
  const db = p.api.app.get(DataSource);
  const clients = p.api.app.get(CreateClientId);
  const browser = await clients.execute({ platformId: p.tenant.platform.id, allowedOrigins: [ORIGIN] });
  const otherBrowser = await clients.execute({ platformId: p.tenant.platform.id, allowedOrigins: [ORIGIN] });
  return {
    p,
    db,
    browser,
    otherBrowser,
    create: (body, headers) => p.call<Created & { errors?: unknown }>('POST', '/v2/secure-payments', body, headers),
    page: (token, query = '', headers = { 'x-client-id': browser.clientId, origin: ORIGIN }) =>
      p.call<Record<string, unknown>>('GET', `/v2/secure-payments/${token}${query}`, undefined, headers),
    events: (token) =>
      sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
        db,
        'SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id',
        [token],
      ),
  };
}

/** A Bearer token of an e-mail session of the harness tenant's platform (the multicall state's auth). */
export async function platformSessionBearer(p: PayoutsApi, userId = 'user-1'): Promise<string> {
  const sessions = p.api.app.get(SessionStore, { strict: false });
  const session = await sessions.create({
    kind: 'email',
    userId,
    platformId: p.tenant.platform.id,
    walletAddress: null,
    email: 'ops@shop.example',
  });
  return session.token;
}
