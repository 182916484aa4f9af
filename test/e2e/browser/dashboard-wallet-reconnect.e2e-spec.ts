import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import type { Browser } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import type { WebApps } from '@payrail/test-support/browser/web-apps.js';
import { testStack, uniqueName } from '@payrail/test-support/stack.js';
import { startDashboardStack, type DashboardStack } from '@payrail/test-support/dashboard/dashboard-stack.js';

const SIGNER = ANVIL_ACCOUNTS[5].address;

// A wallet session's browser wallet after a reload (Debian's Chromium, real auth-api): a wallet that
// keeps the site connected across loads (as MetaMask or Rabby do) is reconnected by wagmi without
// asking again, and the top bar says "Wallet connected"; a wallet that forgot the site leaves the
// session signed in with "Wallet not connected".
describe('dashboard wallet connection across a reload (Chromium)', () => {
  const chain = testStack().chain;
  let web: WebApps;
  let browser: Browser;
  let stack: DashboardStack | undefined;
  const account = { email: `${uniqueName('wal')}@example.com`.toLowerCase(), password: 'correct horse battery staple' };

  beforeAll(async () => {
    stack = await startDashboardStack({ name: 'dwal', account });
    ({ browser, web } = stack);
  }, 120000);
  afterAll(() => stack?.stop());

  const state = (page: import('playwright-core').Page) => page.locator('[data-field="wallet-connection"]');

  it('a wallet that still grants the site is reconnected after a reload without a new connection request', async () => {
    const { page, errors } = await openPage(browser);
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: SIGNER, rememberSite: true });
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.locator('[data-field="wallet-connection"][data-status="connected"]').waitFor();
    expect(await state(page).innerText()).toBe('Wallet connected');
    const asked = () => wallet.callsOf('eth_requestAccounts').length + wallet.callsOf('wallet_requestPermissions').length;
    const askedAtSignIn = asked();
    expect(askedAtSignIn).toBeGreaterThan(0);

    const accountReads = wallet.callsOf('eth_accounts').length;
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.locator('[data-field="wallet-connection"][data-status="connected"]').waitFor();
    expect(await state(page).innerText()).toBe('Wallet connected');
    expect(asked()).toBe(askedAtSignIn); // reconnected from the grant: no prompt
    expect(wallet.callsOf('eth_accounts').length).toBeGreaterThan(accountReads);
    expect(wallet.callsOf('personal_sign')).toHaveLength(1); // the session was kept, not signed again
    await checkA11y(page);
    await screenshot(page, 'dashboard-wallet-reconnected');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 90000);

  it('a wallet that forgot the site leaves the session signed in and says the wallet is not connected', async () => {
    const { page, errors } = await openPage(browser);
    await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: SIGNER });
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.locator('[data-field="wallet-connection"][data-status="connected"]').waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.locator('[data-field="wallet-connection"][data-status="disconnected"]').waitFor();
    expect(await state(page).innerText()).toBe('Wallet not connected: it is asked for when a transaction needs it.');
    await page.getByText(`Signed in as ${SIGNER.slice(0, 6)}`).waitFor();
    await checkA11y(page);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 90000);
});
