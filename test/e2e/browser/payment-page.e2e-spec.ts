import { ANVIL_ACCOUNTS, freePort, type AppHandle } from '@payrail/devstack';
import type { Browser, Page } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

// The hosted payment page skeleton in Debian's Chromium against a real payments-api: it loads a secure
// payment through the generated client (cross-origin, the page's Client ID), shows its terms and the
// platform's branding, and connects an injected EIP-6963 wallet that forwards to the local anvil.
describe('payment page (Chromium, real payments-api)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let web: WebApps;
  let browser: Browser;
  let tenant: Awaited<ReturnType<typeof createTenantIn>>;

  beforeAll(async () => {
    const [pagePort, dashboardPort] = [await freePort(), await freePort()];
    const pageOrigin = `http://localhost:${pagePort}`;
    const env = appEnv(await createTestDatabase(), uniqueName('page'), { SECURE_PAYMENT_PAGE_URL: `${pageOrigin}/pay`, LOG_LEVEL: 'warn' });
    [api, browser] = await Promise.all([startTestApp('payments-api', env), launchBrowser()]);
    web = await startWebApps({ paymentsApiUrl: api.url, authApiUrl: api.url }, chain, { paymentPage: pagePort, dashboard: dashboardPort });
    tenant = await createTenantIn(env, { allowedOrigins: [pageOrigin] });
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await api?.stop();
  });

  async function createPayment(): Promise<{ token: string; securePaymentUrl: string; payee: string }> {
    const payee = ANVIL_ACCOUNTS[7].address;
    const res = await fetch(`${api.url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.apiKey.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [{ payee, amount: '12.5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
        reference: 'INV-2041',
        branding: { primaryActionColor: '#0b5d1e', pageBackgroundColor: '#eef6ee', logoPath: '/payrail-mark.svg', termsPath: '/terms' },
      }),
    });
    expect(res.status).toBe(201);
    return { ...((await res.json()) as { token: string; securePaymentUrl: string }), payee };
  }

  it('renders a real secure payment with its branding and connects the injected wallet (axe clean, screenshots)', async () => {
    const payment = await createPayment();
    expect(payment.securePaymentUrl).toBe(`${web.paymentPage.url}/pay/${payment.token}`);
    const { page, errors } = await openPage(browser);
    const payer = ANVIL_ACCOUNTS[8].address;
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: payer });
    await page.goto(`${payment.securePaymentUrl}?clientId=${tenant.client.clientId}`);

    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await field(page, 'amount')).toBe('12.5 fUSDC');
    expect(await field(page, 'network')).toBe('sepolia');
    expect(await field(page, 'payee')).toBe(payment.payee);
    expect(await field(page, 'reference')).toBe('INV-2041');
    expect(await page.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    const logo = page.getByRole('img', { name: 'Logo of the payee' });
    expect(await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const colours = await page.getByRole('button', { name: 'Connect wallet' }).evaluate((button) => {
      const g = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string }; document: { body: unknown } };
      return [g.getComputedStyle(button).backgroundColor, g.getComputedStyle(g.document.body).backgroundColor];
    });
    expect(colours).toEqual(['rgb(11, 93, 30)', 'rgb(238, 246, 238)']);
    await checkA11y(page);
    await screenshot(page, 'payment-page-loaded');

    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await page.getByText(`Connected: ${payer.slice(0, 6)}…${payer.slice(-4)}`).waitFor();
    expect(wallet.callsOf('eth_requestAccounts')).toHaveLength(1);
    expect(await page.locator('[data-field="wallet"]').getAttribute('title')).toBe(payer);
    await checkA11y(page);
    await screenshot(page, 'payment-page-connected');
    expect(errors).toEqual([]);
  }, 90000);

  it('says the payment was not found when the link has no Client ID', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${web.paymentPage.url}/pay/01JUNKTOKEN`);
    await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
  }, 60000);
});

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).innerText();
