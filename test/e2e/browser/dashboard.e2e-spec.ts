import type { AppHandle } from '@payrail/devstack';
import type { Browser } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { openPage } from '@payrail/test-support/browser/chromium.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import type { WebApps } from '@payrail/test-support/browser/web-apps.js';
import { verifyEmailOf } from '@payrail/test-support/mail-outbox.js';
import { uniqueName } from '@payrail/test-support/stack.js';
import { startDashboardStack, type DashboardStack } from '@payrail/test-support/dashboard/dashboard-stack.js';

const NAV = ['Payments', 'Payment links', 'Recurring', 'Webhooks', 'Developers', 'Payers', 'Destinations', 'Exceptions', 'Reconciliation'];

// The dashboard skeleton in Debian's Chromium against a real auth-api behind the dashboard's
// same-origin proxy: an e-mail login signs in (the __Host-session_token cookie set through the proxy,
// on http://localhost), the navigation appears, and a reload keeps the session.
describe('dashboard (Chromium, real auth-api through the same-origin proxy)', () => {
  let auth: AppHandle;
  let web: WebApps;
  let browser: Browser;
  let outbox: string;
  const account = { email: `${uniqueName('ops')}@example.com`.toLowerCase(), password: 'correct horse battery staple' };

  let stack: DashboardStack | undefined;

  beforeAll(async () => {
    stack = await startDashboardStack({ name: 'dash', account });
    ({ auth, browser, web, outbox } = stack);
  }, 120000);
  afterAll(() => stack?.stop());

  it('signs in by e-mail with a verified login and shows the navigation (axe clean, screenshots)', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-sign-in');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const nav = page.getByRole('navigation');
    await nav.waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(NAV);
    await page.getByText(`Signed in as ${account.email}`).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === '__Host-session_token')).toMatchObject({
      domain: 'localhost',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    await checkA11y(page);
    await screenshot(page, 'dashboard-signed-in');

    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    expect(page.url()).toBe(`${web.dashboard.url}/webhooks`);
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 90000);

  it('registers with "Create account", then signs in once the e-mailed link verified the address', async () => {
    const fresh = { email: `${uniqueName('new')}@example.com`.toLowerCase(), password: 'another long passphrase' };
    const { page } = await openPage(browser);
    await page.goto(web.dashboard.url);
    await page.getByLabel('Email').fill(fresh.email);
    await page.getByLabel('Password').fill(fresh.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Account created. Open the link in the e-mail we sent to ${fresh.email}` })
      .waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').getByText('Sign-in failed:').waitFor(); // not verified yet
    await verifyEmailOf(auth.url, outbox, fresh.email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(`Signed in as ${fresh.email}`).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers' }).click();
    // Client IDs and API keys take a wallet session: an e-mail session reads why.
    await page.getByText('Client IDs and API keys are managed by a wallet session').waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-developers-email-session');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with wallet' }).waitFor();
  }, 60000);

  it('refuses a wrong password with a sentence and stays on the sign-in form', async () => {
    const { page } = await openPage(browser);
    await page.goto(web.dashboard.url);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').getByText('Sign-in failed:').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
  }, 60000);
});
