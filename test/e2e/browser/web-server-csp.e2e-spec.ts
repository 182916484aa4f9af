import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { startWebServer, type WebServerHandle } from '../../../apps/web-server/src/server.js';

interface Outcome {
  results: { api: number | string; rpc: number | string; other: number | string };
  inlineRan: boolean;
  violations: string[];
}

/** Runs in the page: fetches each origin, adds an inline script and a frame, and reports CSP violations. */
const IN_PAGE = `async ({ apiUrl, rpcUrl, otherUrl }) => {
  const violations = [];
  document.addEventListener('securitypolicyviolation', (e) => violations.push(e.effectiveDirective + ' ' + e.blockedURI));
  const reach = (url) => fetch(url).then((r) => r.status, () => 'blocked');
  const results = { api: await reach(apiUrl + '/v2/x'), rpc: await reach(rpcUrl + '/rpc'), other: await reach(otherUrl + '/x') };
  const script = document.createElement('script');
  script.textContent = 'window.__inlineRan = true';
  document.head.appendChild(script);
  const frame = document.createElement('iframe');
  frame.src = otherUrl;
  document.body.appendChild(frame);
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { results, inlineRan: window.__inlineRan === true, violations };
}`;

/** A local HTTP server that answers everything with CORS open, standing in for an API or an RPC node. */
async function listener(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// The web server's Content-Security-Policy as Chromium enforces it on the built payment page: the
// configured API and RPC origins are reachable, any other origin, inline script and framing are not.
// (The payment page and dashboard suites prove the apps run under it without a single violation.)
describe('the web server Content-Security-Policy in Chromium (built payment page)', () => {
  let browser: Browser;
  let web: WebServerHandle;
  let api: Awaited<ReturnType<typeof listener>>;
  let rpc: Awaited<ReturnType<typeof listener>>;
  let elsewhere: Awaited<ReturnType<typeof listener>>;

  beforeAll(async () => {
    [api, rpc, elsewhere, browser] = await Promise.all([listener(), listener(), listener(), launchBrowser()]);
    web = await startWebServer({
      root: join(repoRoot(), 'dist', 'web', 'payment-page'),
      port: 0,
      config: {
        paymentsApiUrl: api.origin,
        authApiUrl: api.origin,
        networks: [{ network: 'sepolia', chainId: 11155111, rpcUrl: `${rpc.origin}/rpc` }],
      },
    });
  }, 60000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    for (const l of [api, rpc, elsewhere]) l?.server.close();
  });

  it('lets the page reach its API and RPC origins and blocks any other origin, inline script and framing', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${web.url}/pay/some-token?clientId=x`);
    await page.waitForLoadState('domcontentloaded');
    // In-page code as a string: the server tsconfig has no DOM types.
    const outcome = await page.evaluate<Outcome>(
      `(${IN_PAGE})(${JSON.stringify({ apiUrl: api.origin, rpcUrl: rpc.origin, otherUrl: elsewhere.origin })})`,
    );
    expect(outcome.results).toEqual({ api: 200, rpc: 200, other: 'blocked' });
    expect(outcome.inlineRan).toBe(false);
    expect(outcome.violations).toEqual(
      expect.arrayContaining([`connect-src ${elsewhere.origin}/x`, 'script-src-elem inline', `frame-src ${elsewhere.origin}`]),
    );
  });

  it('refuses to be framed by another origin (frame-ancestors none)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${elsewhere.origin}/`);
    await page.setContent(`<iframe src="${web.url}/pay/some-token"></iframe>`);
    await page.waitForTimeout(1000);
    const framed = page.frames().find((f) => f.url().startsWith(web.url));
    const loaded = framed ? await framed.evaluate<boolean>("document.querySelector('#root') !== null").catch(() => false) : false;
    expect(loaded).toBe(false);
    expect(errors.filter((e) => e.includes("frame-ancestors 'none'"))).toHaveLength(1);
  });
});
