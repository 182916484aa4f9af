import type { WebAppConfig } from './server.js';

export const WEB_APPS = ['payment-page', 'dashboard'] as const;
export type WebApp = (typeof WEB_APPS)[number];

export interface WebServerEnv {
  app: WebApp;
  port: number;
  root?: string;
  config: WebAppConfig;
  proxy?: { paymentsApiUrl: string; authApiUrl: string };
}

/**
 * The web server's variables: WEB_APP (payment-page | dashboard), PORT (default 8090), WEB_ROOT
 * (default dist/web/<app>), PAYMENTS_API_UPSTREAM + AUTH_API_UPSTREAM (both or neither: the
 * same-origin proxy), PUBLIC_PAYMENTS_API_URL / PUBLIC_AUTH_API_URL (the API bases the browser uses;
 * default '' = same origin), WEB_NETWORKS (`network:chainId[:rpcUrl]`, comma-separated) and
 * WALLETCONNECT_PROJECT_ID. Refuses a bad value at boot with a sentence naming it.
 */
export function parseWebServerEnv(env: NodeJS.ProcessEnv): WebServerEnv {
  const app = env.WEB_APP as WebApp;
  if (!WEB_APPS.includes(app)) throw new Error(`WEB_APP must be one of ${WEB_APPS.join(', ')} (got '${env.WEB_APP ?? ''}')`);
  const port = Number(env.PORT ?? 8090);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number (got '${env.PORT}')`);
  const up = [env.PAYMENTS_API_UPSTREAM, env.AUTH_API_UPSTREAM];
  if (up.filter(Boolean).length === 1) throw new Error('PAYMENTS_API_UPSTREAM and AUTH_API_UPSTREAM are set together or not at all');
  for (const u of up) if (u) new URL(u);
  return {
    app,
    port,
    root: env.WEB_ROOT || undefined,
    proxy: up[0] && up[1] ? { paymentsApiUrl: up[0], authApiUrl: up[1] } : undefined,
    config: {
      paymentsApiUrl: env.PUBLIC_PAYMENTS_API_URL ?? '',
      authApiUrl: env.PUBLIC_AUTH_API_URL ?? '',
      networks: parseNetworks(env.WEB_NETWORKS ?? 'mainnet:1,base:8453,optimism:10,arbitrum-one:42161,matic:137,bsc:56,sepolia:11155111'),
      walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID || undefined,
    },
  };
}

function parseNetworks(list: string): WebAppConfig['networks'] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [network, chainId, ...rest] = entry.split(':');
      const id = Number(chainId);
      if (!network || !Number.isInteger(id) || id <= 0) throw new Error(`WEB_NETWORKS entry '${entry}' is not network:chainId[:rpcUrl]`);
      const rpcUrl = rest.length > 0 ? rest.join(':') : undefined;
      if (rpcUrl) new URL(rpcUrl);
      return { network, chainId: id, rpcUrl };
    });
}
