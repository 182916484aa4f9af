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
 * Every variable the web server reads, with its default ('' = unset; an empty value counts as unset,
 * as in the Kubernetes ConfigMaps). test/infra/env-coverage.spec.ts checks the deployment files and
 * docs/configuration.md against this list.
 */
export const WEB_SERVER_ENV_DEFAULTS = {
  /** payment-page | dashboard (required). */
  WEB_APP: '',
  PORT: '8090',
  /** The built app; default dist/web/<WEB_APP>. */
  WEB_ROOT: '',
  /** The same-origin proxy: `/v2/*` and `/v1/*` forwarded to these (both or neither). */
  PAYMENTS_API_UPSTREAM: '',
  AUTH_API_UPSTREAM: '',
  /** The API bases the browser calls (`/config.json`); '' = this origin. */
  PUBLIC_PAYMENTS_API_URL: '',
  PUBLIC_AUTH_API_URL: '',
  /** `network:chainId[:rpcUrl]`, comma-separated: the wallet's chains and the RPC the browser reads them through. */
  WEB_NETWORKS: 'mainnet:1,base:8453,optimism:10,arbitrum-one:42161,matic:137,bsc:56,sepolia:11155111',
  /** Adds the WalletConnect connector (and its hosts to the Content-Security-Policy). */
  WALLETCONNECT_PROJECT_ID: '',
} as const;
export type WebServerVariable = keyof typeof WEB_SERVER_ENV_DEFAULTS;

/**
 * The web server's environment (WEB_SERVER_ENV_DEFAULTS lists it). Refuses a bad value at boot with
 * a sentence naming it.
 */
export function parseWebServerEnv(env: NodeJS.ProcessEnv): WebServerEnv {
  const read = (name: WebServerVariable): string => env[name] || WEB_SERVER_ENV_DEFAULTS[name];
  const app = read('WEB_APP') as WebApp;
  if (!WEB_APPS.includes(app)) throw new Error(`WEB_APP must be one of ${WEB_APPS.join(', ')} (got '${env.WEB_APP ?? ''}')`);
  const port = Number(read('PORT'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number (got '${env.PORT}')`);
  const up = [read('PAYMENTS_API_UPSTREAM'), read('AUTH_API_UPSTREAM')];
  if (up.filter(Boolean).length === 1) throw new Error('PAYMENTS_API_UPSTREAM and AUTH_API_UPSTREAM are set together or not at all');
  for (const u of up) if (u) parseUrl('PAYMENTS_API_UPSTREAM / AUTH_API_UPSTREAM', u);
  const paymentsApiUrl = read('PUBLIC_PAYMENTS_API_URL');
  const authApiUrl = read('PUBLIC_AUTH_API_URL');
  if (paymentsApiUrl) parseUrl('PUBLIC_PAYMENTS_API_URL', paymentsApiUrl);
  if (authApiUrl) parseUrl('PUBLIC_AUTH_API_URL', authApiUrl);
  return {
    app,
    port,
    root: read('WEB_ROOT') || undefined,
    proxy: up[0] && up[1] ? { paymentsApiUrl: up[0], authApiUrl: up[1] } : undefined,
    config: {
      paymentsApiUrl,
      authApiUrl,
      networks: parseNetworks(read('WEB_NETWORKS')),
      walletConnectProjectId: read('WALLETCONNECT_PROJECT_ID') || undefined,
    },
  };
}

function parseUrl(name: string, value: string): URL {
  try {
    return new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL (got '${value}')`);
  }
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
      if (rpcUrl) parseUrl(`WEB_NETWORKS entry '${entry}'`, rpcUrl);
      return { network, chainId: id, rpcUrl };
    });
}
