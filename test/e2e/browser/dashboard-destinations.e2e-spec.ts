import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { getAddress } from 'ethers';
import type { Browser } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import type { WebApps } from '@payrail/test-support/browser/web-apps.js';
import { testStack, uniqueName } from '@payrail/test-support/stack.js';
import { startDashboardStack, type DashboardStack } from '@payrail/test-support/dashboard/dashboard-stack.js';

const OWNER = getAddress(ANVIL_ACCOUNTS[5].address);

interface Listed {
  destinations: { destinationId: string; walletAddress: string; label: string | null; active: boolean }[];
}

// Payee destinations in the dashboard (Debian's Chromium, real auth-api and payments-api): signed in
// with a wallet, "Destinations" adds one (the signed-in wallet, fUSDC on the local sepolia) with
// the keyboard, lists it under its Request Network destination id, and deactivates it; the API
// agrees. axe clean; screenshots at 390 and 1280 px.
describe('dashboard destinations (Chromium)', () => {
  const chain = testStack().chain;
  let web: WebApps;
  let browser: Browser;
  let stack: DashboardStack | undefined;
  const account = { email: `${uniqueName('dest')}@example.com`.toLowerCase(), password: 'correct horse battery staple' };

  beforeAll(async () => {
    stack = await startDashboardStack({ name: 'ddest', account });
    ({ browser, web } = stack);
  }, 120000);
  afterAll(() => stack?.stop());

  it('adds a destination for the signed-in wallet with the keyboard, lists its destination id, and deactivates it', async () => {
    const { page, errors } = await openPage(browser);
    await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: OWNER });
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Destinations', exact: true }).click();
    await page.getByRole('heading', { name: 'Destinations', level: 1 }).waitFor();
    await page.getByText('No destination yet.').waitFor();

    const form = page.getByRole('form', { name: 'Add destination' });
    await form.getByLabel('Currency').focus();
    await page.keyboard.type('fUSDC-sepolia');
    await form.getByLabel('Label').focus();
    await page.keyboard.type('Treasury');
    await checkA11y(page);
    await screenshot(page, 'dashboard-destination-form');
    await page.keyboard.press('Enter');

    const table = page.getByRole('table', { name: 'Destinations' });
    const row = table.getByRole('row').filter({ hasText: 'Treasury' });
    await row.getByText('Active', { exact: true }).waitFor();
    const text = await row.innerText();
    expect(text).toContain(`${OWNER}@eip155:11155111#`);
    expect(text).toContain(`:${chain.tokens.USDC}`);
    expect(text).toMatch(/sepolia[\s\S]*fUSDC-sepolia/);
    await checkA11y(page);
    await screenshot(page, 'dashboard-destinations');

    await row.getByRole('button', { name: 'Deactivate Treasury' }).click();
    await row.getByText('Deactivated', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Deactivate Treasury' }).count()).toBe(0);
    // The dashboard's origin proxies /v2 to payments-api with the session cookie: the API agrees.
    const listed = await page.evaluate(() => fetch('/v2/payee-destination').then((r) => r.json() as Promise<Listed>));
    expect(listed.destinations.map((d) => [d.walletAddress, d.label, d.active])).toEqual([[OWNER, 'Treasury', false]]);
    await checkA11y(page);
    await screenshot(page, 'dashboard-destination-deactivated');
    // The one 401 is the session probe before signing in.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 180000);
});
