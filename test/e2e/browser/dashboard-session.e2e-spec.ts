import { ANVIL_ACCOUNTS, freePort } from '@payrail/devstack';
import type { Browser } from 'playwright-core';
import { startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';
import { PaymentsApiModule } from '../../../apps/payments-api/src/app.module.js';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { type InProcessApi, type ManualClock, startInProcessApi } from '@payrail/test-support/in-process.js';
import { testStack } from '@payrail/test-support/stack.js';
import { dashboardOriginEnv } from '@payrail/test-support/dashboard/dashboard-stack.js';

const MINUTE = 60_000;

// A wallet session's 15-minute idle timeout, with both clocks in the test's hands: auth-api runs in
// this process on a ManualClock (its sessions expire by it), the page on Playwright's clock (the
// dashboard's idle warning counts by it); every step moves both by the same amount. Activity (a
// screen loading its data) keeps the session past 15 minutes; idleness warns, then signs out.
describe('dashboard wallet session: sliding idle timeout with the clock controlled (Chromium, in-process auth-api)', () => {
  const chain = testStack().chain;
  let auth: { apis: InProcessApi[]; clock: ManualClock; env: Record<string, string> };
  let payments: InProcessApi;
  let web: WebApps;
  let browser: Browser;

  beforeAll(async () => {
    const dashboardPort = await freePort();
    auth = await startAuthApi(1, dashboardOriginEnv(dashboardPort));
    const url = auth.apis[0].url;
    // Developers reads the platform's fee configuration from payments-api (same database, Redis and clock).
    payments = await startInProcessApi(PaymentsApiModule.forRoot(auth.env), { clock: auth.clock });
    [web, browser] = await Promise.all([
      startWebApps({ paymentsApiUrl: payments.url, authApiUrl: url }, chain, { dashboard: dashboardPort }),
      launchBrowser(),
    ]);
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await payments?.close();
    await Promise.all(auth?.apis.map((a) => a.close()) ?? []);
  });

  it('stays signed in through 20 minutes of activity, warns before an idle end, "Stay signed in" slides it, then idleness signs out', async () => {
    const { page } = await openPage(browser);
    await page.clock.install({ time: auth.clock.now() });
    await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: ANVIL_ACCOUNTS[8].address });
    await page.goto(`${web.dashboard.url}/developers`);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    const wait = async (ms: number) => {
      auth.clock.advance(ms);
      await page.clock.runFor(ms);
    };
    const serverSession = () => page.evaluate(() => fetch('/v1/auth/session').then((r) => r.status));

    // 4 x 5 minutes, each ending with a screen that loads its data: 20 minutes signed in, well past 15.
    for (const screen of ['Webhooks', 'Developers', 'Webhooks', 'Developers']) {
      await wait(5 * MINUTE);
      await nav.getByRole('link', { name: screen, exact: true }).click();
      await page.getByRole('heading', { name: screen, level: 1 }).waitFor();
      await page.getByRole('table').first().waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    }
    expect(await nav.isVisible()).toBe(true);

    // Idle for 13.5 minutes: the warning counts down the last two.
    await wait(13.5 * MINUTE);
    // The page clock also runs in real time, so the countdown has moved on by a few seconds when read.
    const warning = page.getByRole('alert').filter({ hasText: /^Your wallet session ends in 1:[0-3]\d because of inactivity\./ });
    await warning.waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-idle-warning');
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'detached' });

    // 14 more idle minutes are within the slid session; 16 are not, on the page and on the server.
    await wait(14 * MINUTE);
    expect(await nav.isVisible()).toBe(true);
    await wait(2 * MINUTE);
    await page.getByText('You were signed out after 15 minutes without activity.').waitFor();
    await page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
    expect(await serverSession()).toBe(401);
    await checkA11y(page);
    await screenshot(page, 'dashboard-signed-out-idle');
  }, 120000);
});
