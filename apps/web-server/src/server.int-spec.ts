import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type WebServerHandle, startWebServer } from './server.js';

/** Directive name -> its sources, from a Content-Security-Policy header. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('the web server over HTTP (security headers, Content-Security-Policy, proxy)', () => {
  let root: string;
  let web: WebServerHandle;
  let upstream: Server;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'payrail-web-server-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>',
    );
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1);');
    // Stands in for payments-api / auth-api behind the proxy: answers with its own headers.
    upstream = createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': req.url ?? '' }).end('{}'),
    );
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    web = await startWebServer({
      root,
      port: 0,
      config: {
        paymentsApiUrl: 'https://api.payrail.example',
        authApiUrl: '',
        networks: [{ network: 'sepolia', chainId: 11155111, rpcUrl: 'http://localhost:8545/key' }],
      },
      proxy: { paymentsApiUrl: upstreamUrl, authApiUrl: upstreamUrl },
    });
  });
  afterAll(async () => {
    await web.close();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/pay/some-token?clientId=abc'])('answers %s with index.html under a strict Content-Security-Policy', async (path) => {
    const res = await fetch(`${web.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.payrail.example', 'http://localhost:8545']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('sends the usual security headers with every answer of its own', async () => {
    for (const path of ['/', '/assets/app.js', '/config.json', '/health/ready']) {
      const res = await fetch(`${web.url}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
      expect({
        path,
        nosniff: res.headers.get('x-content-type-options'),
        frame: res.headers.get('x-frame-options'),
        referrer: res.headers.get('referrer-policy'),
        coop: res.headers.get('cross-origin-opener-policy'),
        hsts: res.headers.get('strict-transport-security'),
        poweredBy: res.headers.get('x-powered-by'),
      }).toEqual({
        path,
        nosniff: 'nosniff',
        frame: 'DENY',
        referrer: 'no-referrer',
        coop: 'same-origin-allow-popups',
        hsts: expect.stringMatching(/^max-age=\d+/),
        poweredBy: null,
      });
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it("passes proxied API answers through with the API's own headers, not the page's policy", async () => {
    const res = await fetch(`${web.url}/v2/request/x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-upstream')).toBe('/v2/request/x');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('adds WalletConnect to connect-src, frame-src, font-src and inline styles only when a project id is configured; scripts stay self-only', async () => {
    const withWc = await startWebServer({
      root,
      port: 0,
      config: { paymentsApiUrl: '', authApiUrl: '', networks: [], walletConnectProjectId: 'project' },
    });
    try {
      const csp = directives((await fetch(withWc.url)).headers.get('content-security-policy'));
      expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'wss://relay.walletconnect.com']));
      expect(csp['frame-src']).toEqual(['https://verify.walletconnect.com', 'https://verify.walletconnect.org']);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['font-src']).toEqual(["'self'", 'data:', 'https://fonts.reown.com']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
    } finally {
      await withWc.close();
    }
    const csp = directives((await fetch(web.url)).headers.get('content-security-policy'));
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['connect-src'].filter((s) => s.includes('walletconnect'))).toEqual([]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['font-src']).toEqual(["'self'", 'data:']);
  });
});
