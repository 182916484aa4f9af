import { sqlRows } from '@payrail/persistence';
import { walletProofMessage, type WalletProofAction } from '@payrail/permits';
import { SessionStore } from '@payrail/platform';
import { CreateClientId } from '@payrail/tenancy';
import { getAddress, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from './payouts-api.js';

export const PAYEE = getAddress('0x00000000000000000000000000000000000b0b01');
export const ORIGIN = 'https://shop.example';
export const TRON = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
export const ALLOWED = getAddress('0x00000000000000000000000000000000000a11ce');
export const OUTSIDER = '0x00000000000000000000000000000000000BAD01';
/** A payer whose key the tests hold (it can prove control), and two whose addresses the KYT sandbox rejects (`…dead`) or fails on (`…e770`). */
export const PAYER = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
export const SANCTIONED = new Wallet('0xeb9fc6b212f88105664c7f089d12a692cb836108ea11ef4a4c1b8f776b23b1ef');
export const FLAKY_KYT = new Wallet('0x9ab86eac1dac4211e3a52e242155eb9dedce815d6c49311ea8f46debc2f8aed0');

/** The headers of a wallet proof: `wallet` signs `action` on `id` at `timestamp` (now by default). */
export async function walletProof(
  wallet: { signMessage(message: string): Promise<string> },
  id: string,
  action: WalletProofAction = 'view-secure-payment',
  timestamp = new Date().toISOString(),
): Promise<Record<string, string>> {
  const signature = await wallet.signMessage(walletProofMessage(action, id, timestamp));
  return { 'x-wallet-proof': signature, 'x-wallet-proof-timestamp': timestamp };
}

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
  otherBrowser: { clientId: string; id: string };
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
