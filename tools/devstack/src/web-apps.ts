import { join } from 'node:path';
import { startWebServer, type WebServerHandle } from '../../../apps/web-server/src/server.js';
import { repoRoot } from './paths.js';
import type { StackChain } from './stack-file.js';

export interface LocalWebApps {
  paymentPage: WebServerHandle;
  dashboard: WebServerHandle;
  close(): Promise<void>;
}

/**
 * `npm start`'s browser apps, served from dist/web in this process (apps/web-server): the dashboard
 * same-origin with `/v2` and `/v1` proxied to the APIs (the session cookie is host-only on localhost,
 * no CORS); the payment page calling payments-api cross-origin with the link's Client ID.
 */
export async function startLocalWebApps(opts: {
  ports: { paymentPage: number; dashboard: number };
  /** Listen address of both (127.0.0.1 unless the stack is told otherwise). */
  host: string;
  paymentsApiUrl: string;
  authApiUrl: string;
  network: string;
  chain: StackChain;
}): Promise<LocalWebApps> {
  const networks = [{ network: opts.network, chainId: opts.chain.chainId, rpcUrl: opts.chain.rpcUrl }];
  const dist = join(repoRoot(), 'dist', 'web');
  const paymentPage = await startWebServer({
    root: join(dist, 'payment-page'),
    port: opts.ports.paymentPage,
    host: opts.host,
    config: { paymentsApiUrl: opts.paymentsApiUrl, authApiUrl: opts.authApiUrl, networks },
  });
  const dashboard = await startWebServer({
    root: join(dist, 'dashboard'),
    port: opts.ports.dashboard,
    host: opts.host,
    config: { paymentsApiUrl: '', authApiUrl: '', networks },
    proxy: { paymentsApiUrl: opts.paymentsApiUrl, authApiUrl: opts.authApiUrl },
  }).catch(async (error: unknown) => {
    await paymentPage.close();
    throw error;
  });
  return { paymentPage, dashboard, close: async () => void (await Promise.all([paymentPage.close(), dashboard.close()])) };
}
