import { Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { openPage } from '@payrail/test-support/browser/chromium.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import type { WebApps } from '@payrail/test-support/browser/web-apps.js';
import { uniqueName } from '@payrail/test-support/stack.js';
import { startDashboardStack, type DashboardStack } from '@payrail/test-support/dashboard/dashboard-stack.js';

const PAYER = Wallet.createRandom().address;
const OTHER_PAYER = Wallet.createRandom().address;
const PAYEE = Wallet.createRandom().address;
const MINE = 27; // a full page of 25 and a second page of 2
const OTHERS = 3;

// The payments list keeps its filters and page position in the URL (Debian's Chromium, real
// auth-api and payments-api behind the dashboard's same-origin proxy): filter by payer, go to
// page 2, reload (same filter in the form, same page and rows), back (page 1), forward (page 2).
describe('dashboard URL state (Chromium)', () => {
  let web: WebApps;
  let browser: Browser;
  const account = { email: `${uniqueName('url')}@example.com`.toLowerCase(), password: 'correct horse battery staple' };

  let stack: DashboardStack | undefined;

  beforeAll(async () => {
    stack = await startDashboardStack({ name: 'durl', account, env: { RATE_LIMIT_MULTIPLIER: '100' } });
    ({ browser, web } = stack);
  }, 120000);
  afterAll(() => stack?.stop());

  it('keeps the payer filter and page 2 across a reload, and back/forward walk the pages', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(web.dashboard.url);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Invoices of the session's platform, through the same-origin proxy with the session cookie.
    for (const [payer, count, prefix] of [
      [PAYER, MINE, 'URL'],
      [OTHER_PAYER, OTHERS, 'OTHER'],
    ] as const) {
      for (let i = 1; i <= count; i++) await createInvoice(page, payer, `${prefix}-${String(i).padStart(3, '0')}`);
    }

    await page.reload();
    const filters = page.getByRole('form', { name: 'Filter payments' });
    await filters.getByLabel('Payer address', { exact: true }).fill(PAYER);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('payer') === PAYER);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText('Page 1', { exact: true }).waitFor();
    const first = await referencesOn(page, 25);
    expect(first.every((r) => r.startsWith('URL-'))).toBe(true);

    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByText('Page 2', { exact: true }).waitFor();
    const second = await referencesOn(page, MINE - 25);
    expect(second.every((r) => r.startsWith('URL-'))).toBe(true);
    expect(new Set([...first, ...second]).size).toBe(MINE);
    const pageTwoUrl = page.url();
    expect(new URL(pageTwoUrl).searchParams.get('cursors')).toBeTruthy();

    await page.reload();
    await pager.getByText('Page 2', { exact: true }).waitFor();
    expect(page.url()).toBe(pageTwoUrl);
    expect(await page.getByRole('form', { name: 'Filter payments' }).getByLabel('Payer address', { exact: true }).inputValue()).toBe(PAYER);
    expect(await referencesOn(page, MINE - 25)).toEqual(second);
    expect(await pager.getByRole('button', { name: 'Previous page' }).isEnabled()).toBe(true);
    await checkA11y(page);
    await screenshot(page, 'dashboard-payments-page-2');

    await page.goBack();
    await pager.getByText('Page 1', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('payer')).toBe(PAYER);
    expect(await referencesOn(page, 25)).toEqual(first);

    await page.goForward();
    await pager.getByText('Page 2', { exact: true }).waitFor();
    expect(page.url()).toBe(pageTwoUrl);
    expect(await referencesOn(page, MINE - 25)).toEqual(second);

    // "Previous page" pops the stack the URL carries, even on a page opened by a reload.
    await pager.getByRole('button', { name: 'Previous page' }).click();
    await pager.getByText('Page 1', { exact: true }).waitFor();
    expect(await referencesOn(page, 25)).toEqual(first);
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 180000);
});

async function createInvoice(page: Page, payer: string, reference: string): Promise<void> {
  const status = await page.evaluate(
    async (body) => {
      const answer = await fetch('/v2/request', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return answer.status;
    },
    { payee: PAYEE, payer, amount: '1', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia', reference },
  );
  if (status !== 201) throw new Error(`POST /v2/request answered ${status}`);
}

/** The references (second column) of the list's rows, once it shows exactly `count` of them (a page that is loading still shows the previous one). */
async function referencesOn(page: Page, count: number): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Requests and payments, newest first' }).locator('tbody tr');
  await rows.nth(count - 1).waitFor();
  await rows.nth(count).waitFor({ state: 'detached' });
  return (await rows.locator('td:nth-child(2)').allInnerTexts()).map((r) => r.replace(/Invoice$/, '').trim());
}
