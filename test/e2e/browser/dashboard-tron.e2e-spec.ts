import { freePort } from '@payrail/devstack';
import { sqlRows } from '@payrail/persistence';
import type { Browser, Page } from 'playwright-core';
import { TronWeb, Trx } from 'tronweb';
import { DataSource } from 'typeorm';
import { startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';
import { PaymentsApiModule } from '../../../apps/payments-api/src/app.module.js';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { injectTronWallet } from '@payrail/test-support/browser/injected-tron-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { type InProcessApi, startInProcessApi } from '@payrail/test-support/in-process.js';
import { testStack } from '@payrail/test-support/stack.js';
import { dashboardOriginEnv } from '@payrail/test-support/dashboard/dashboard-stack.js';

// Fixed test keys (never funded anywhere): the wallet's own, and another one an attacker signs with.
const TRON_KEY = '5a'.repeat(32);
const OTHER_KEY = '6b'.repeat(32);
const TRON_ADDRESS = addressOf(TRON_KEY);
function addressOf(key: string): string {
  const address = TronWeb.address.fromPrivateKey(key);
  if (!address) throw new Error(`not a private key: ${key}`);
  return address;
}
const signWith = (key: string) => (message: string) => Trx.signMessageV2(message, key);

// Sign-in with a TronLink-compatible wallet in Debian's Chromium: a TronLink-like object announced
// through TIP-6963 whose signMessageV2 is answered in this process by tronweb with a fixed key; the
// dashboard loads the TronLink adapter, asks auth-api (in this process, behind the dashboard's
// same-origin proxy) for the challenge, has it signed and verified. The Tron wallet's first sign-in
// makes it the owner of a platform, as an EVM wallet's does; Developers (wallet sessions only) then
// works. A signature by another key, a declined request and a missing wallet each end in a sentence
// and no session cookie.
describe('dashboard Tron sign-in (Chromium, TronLink-like wallet, in-process auth-api)', () => {
  let auth: Awaited<ReturnType<typeof startAuthApi>>;
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
      startWebApps({ paymentsApiUrl: payments.url, authApiUrl: url }, testStack().chain, { dashboard: dashboardPort }),
      launchBrowser(),
    ]);
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await payments?.close();
    await Promise.all(auth?.apis.map((a) => a.close()) ?? []);
  });

  const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in with TronLink' });
  const serverSession = (page: Page) =>
    page.evaluate(() => fetch('/v1/auth/session').then(async (r) => ({ status: r.status, body: r.ok ? await r.text() : '' })));
  const sessionCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === '__Host-session_token');

  it('signs in with TronLink: the challenge names the Tron account, signMessageV2 (tronweb, fixed key) signs it, the wallet owns its platform', async () => {
    const { page, errors } = await openPage(browser);
    const wallet = await injectTronWallet(page, TRON_ADDRESS, signWith(TRON_KEY));
    await page.goto(`${web.dashboard.url}/developers`);
    await page.getByRole('button', { name: 'Sign in with wallet' }).waitFor(); // the EVM way stays, named as before
    await signInButton(page).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByText(`Signed in as ${TRON_ADDRESS.slice(0, 6)}…${TRON_ADDRESS.slice(-4)}`).waitFor();

    const signed = wallet.callsOf('signMessageV2').map((c) => c.args as string);
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatch(new RegExp(`^localhost:\\d+ wants you to sign in with your Tron account:\\n${TRON_ADDRESS}\\n`));
    const { status, body } = await serverSession(page);
    expect(status).toBe(200);
    const session = JSON.parse(body) as { kind: string; wallet: { address: string; kind: string }; platformId: string };
    expect(session).toMatchObject({ kind: 'wallet', wallet: { address: TRON_ADDRESS, kind: 'tron' } });
    expect(await sessionCookie(page)).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    const owners = await sqlRows<{ platform_id: string; role: string }>(
      auth.apis[0].app.get(DataSource).manager,
      `SELECT m.platform_id, m.role FROM wallets w JOIN platform_members m ON m.user_id = w.user_id WHERE w.kind = 'tron' AND w.address = $1`,
      [TRON_ADDRESS],
    );
    expect(owners).toEqual([{ platform_id: session.platformId, role: 'owner' }]);

    // Client IDs take a wallet session of the platform: the Tron session creates one.
    await page.getByLabel('Label', { exact: true }).fill('Tron shop');
    await page.getByLabel('Allowed origins', { exact: true }).fill('https://tron-shop.example');
    await page.getByRole('button', { name: 'Create Client ID' }).click();
    await page.getByRole('row').filter({ hasText: 'Tron shop' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-tron-signed-in');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    await page.context().close();
  }, 90000);

  it('refuses a signature made by another Tron key with a sentence, and sets no session cookie', async () => {
    const { page } = await openPage(browser);
    const wallet = await injectTronWallet(page, TRON_ADDRESS, signWith(OTHER_KEY));
    await page.goto(web.dashboard.url);
    await signInButton(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Sign-in refused: the signature does not belong to the TronLink account/ })
      .waitFor();
    expect(wallet.callsOf('signMessageV2')).toHaveLength(1);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await sessionCookie(page)).toBeUndefined();
    expect((await serverSession(page)).status).toBe(401);
    await checkA11y(page);
    await screenshot(page, 'dashboard-tron-refused');
    await page.context().close();
  }, 60000);

  it('says the request was declined when TronLink refuses to sign, and no session exists', async () => {
    const { page } = await openPage(browser);
    await injectTronWallet(page, TRON_ADDRESS, () => {
      throw new Error('Confirmation declined by user');
    });
    await page.goto(web.dashboard.url);
    await signInButton(page).click();
    await page.getByRole('alert').filter({ hasText: 'TronLink did not sign: the request was declined.' }).waitFor();
    expect(await sessionCookie(page)).toBeUndefined();
    await signInButton(page).waitFor(); // enabled again for another try
    expect(await signInButton(page).isEnabled()).toBe(true);
    await page.context().close();
  }, 60000);

  it('says no TronLink wallet was found when the browser has none', async () => {
    const { page } = await openPage(browser);
    await page.goto(web.dashboard.url);
    await signInButton(page).click();
    // The adapter looks for a wallet for 5 s (TIP-6963, then window.tronLink) before it gives up.
    await page.getByRole('alert').filter({ hasText: 'No TronLink wallet was found in this browser' }).waitFor({ timeout: 15000 });
    expect(await sessionCookie(page)).toBeUndefined();
    await checkA11y(page);
    await screenshot(page, 'dashboard-tron-none');
    await page.context().close();
  }, 60000);
});
