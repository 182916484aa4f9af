import { join } from 'node:path';
import { repoRoot, type StackChain } from '@payrail/devstack';
import { startWebServer, type WebServerHandle } from '../../../apps/web-server/src/server.js';

export interface WebApps {
  paymentPage: WebServerHandle;
  dashboard: WebServerHandle;
  close(): Promise<void>;
}

/**
 * Both browser apps from dist/web (built by `npm test`'s build) on free ports, in this process, the way
 * `npm start` serves them: the dashboard same-origin with `/v2` and `/v1` proxied to the given APIs,
 * the payment page calling payments-api cross-origin with its Client ID. `local chain` is the
 * network the wallet config reads (anvil standing in for sepolia). Each URL is http://localhost:<port>:
 * that is the origin a tenant's Client ID must allow for the payment page. Pass `ports` (from
 * freePort()) to know the URLs before the APIs start (SECURE_PAYMENT_PAGE_URL, DASHBOARD_ORIGINS).
 */
export async function startWebApps(
  apis: { paymentsApiUrl: string; authApiUrl: string },
  chain: Pick<StackChain, 'rpcUrl' | 'chainId'>,
  ports: { paymentPage?: number; dashboard?: number } = {},
): Promise<WebApps> {
  const networks = [{ network: 'sepolia', chainId: chain.chainId, rpcUrl: chain.rpcUrl }];
  const dist = join(repoRoot(), 'dist', 'web');
  const [paymentPage, dashboard] = await Promise.all([
    startWebServer({
      root: join(dist, 'payment-page'),
      port: ports.paymentPage ?? 0,
      config: { paymentsApiUrl: apis.paymentsApiUrl, authApiUrl: apis.authApiUrl, networks },
    }),
    startWebServer({
      root: join(dist, 'dashboard'),
      port: ports.dashboard ?? 0,
      config: { paymentsApiUrl: '', authApiUrl: '', networks },
      proxy: apis,
    }),
  ]);
  return { paymentPage, dashboard, close: async () => void (await Promise.all([paymentPage.close(), dashboard.close()])) };
}
