import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';
import sirv from 'sirv';
import { securityHeaders } from './security-headers.js';

/** What a browser app reads at `/config.json` (libs/web/src/runtime-config.ts has the same shape). */
export interface WebAppConfig {
  paymentsApiUrl: string;
  authApiUrl: string;
  networks: { network: string; chainId: number; rpcUrl?: string }[];
  walletConnectProjectId?: string;
}

export interface WebServerOptions {
  /** The built app: dist/web/<app>. */
  root: string;
  port: number;
  host?: string;
  config: WebAppConfig;
  /** Reverse proxy: `/v2/*` to payments-api and `/v1/*` to auth-api, so the browser stays same-origin. */
  proxy?: { paymentsApiUrl: string; authApiUrl: string };
}

export interface WebServerHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The static server of one browser app: the Vite build with an SPA fallback to index.html (sirv),
 * `/config.json`, health probes, and optionally the same-origin reverse proxy to the APIs
 * (http-proxy-3). Every answer of its own carries the security headers and Content-Security-Policy
 * of security-headers.ts; proxied answers keep the API's headers. Used in-process by `npm start` and the browser tests, and as the container's
 * process in Docker/Kubernetes (main.ts).
 */
export async function startWebServer(opts: WebServerOptions): Promise<WebServerHandle> {
  const files = sirv(opts.root, {
    single: true,
    etag: true,
    setHeaders: (res, pathname) => {
      // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
      res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const proxy = opts.proxy ? createProxyServer({ changeOrigin: true, xfwd: true }) : undefined;
  proxy?.on('error', (_error, _req, res) => {
    if (res && 'writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 502, message: 'The API did not answer the web server', error: 'Bad Gateway' }));
    }
  });
  const configBody = JSON.stringify(opts.config);
  const setSecurityHeaders = securityHeaders(opts.config);
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (proxy && opts.proxy && /^\/v[12](\/|$)/.test(path)) {
      const target = path.startsWith('/v2') ? opts.proxy.paymentsApiUrl : opts.proxy.authApiUrl;
      proxy.web(req, res, { target });
      return;
    }
    setSecurityHeaders(req, res);
    if (path === '/health/live' || path === '/health/ready') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(configBody);
      return;
    }
    files(req, res, () => void res.writeHead(404).end());
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
