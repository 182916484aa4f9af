import { join } from 'node:path';
import { ANVIL_ACCOUNTS, freePort, repoRoot, type AppHandle } from '@payrail/devstack';
import { tronFromHex } from '@payrail/domain';
import { computeAddress } from 'ethers';
import { createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import type { Browser, Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { impersonatedPayer } from '@payrail/test-support/browser/anvil-payer.js';
import { DESKTOP, launchBrowser, openPage, PHONE } from '@payrail/test-support/browser/chromium.js';
import { injectTronWallet } from '@payrail/test-support/browser/injected-tron-wallet.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { startWebServer } from '../../../apps/web-server/src/server.js';
import { startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

/** A Tron payer whose key the test holds (its wallet signs real transactions the API relays): 450 TRX, 120 USDT (fixture trongrid-account.funded.json). */
const TRON_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const TRON_SIGNER = tronFromHex(computeAddress(TRON_KEY));
const TRON_PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const FUSDC = { invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };

// The hosted page's screens in Debian's Chromium against a real payments-api (TronGrid on a local
// stand-in): the loaded payment with its branding, each blocking state (expired, invalidated, wallet
// not allowed, short balance), and a Tron payment through an injected TronLink-like wallet that
// records what it was asked to sign. axe-core on every screen; screenshots at 390x844 and 1280x800.
describe('payment page screens (Chromium, real payments-api)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let web: WebApps;
  let browser: Browser;
  let grid: FakeTronGrid;
  let db: DataSource;
  let tenant: Awaited<ReturnType<typeof createTenantIn>>;
  let env: ReturnType<typeof appEnv>;

  beforeAll(async () => {
    const [pagePort, dashboardPort] = [await freePort(), await freePort()];
    grid = await startFakeTronGrid();
    grid.accounts.set(TRON_SIGNER, 'trongrid-account.funded.json');
    const databaseUrl = await createTestDatabase();
    env = appEnv(databaseUrl, uniqueName('page'), {
      SECURE_PAYMENT_PAGE_URL: `http://localhost:${pagePort}/pay`,
      TRON_API_URL: grid.url,
      RATE_LIMIT_MULTIPLIER: '100',
      LOG_LEVEL: 'warn',
    });
    [api, browser] = await Promise.all([startTestApp('payments-api', env), launchBrowser()]);
    web = await startWebApps({ paymentsApiUrl: api.url, authApiUrl: api.url }, chain, { paymentPage: pagePort, dashboard: dashboardPort });
    tenant = await createTenantIn(env, { allowedOrigins: ['https://shop.example'] });
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await api?.stop();
    await grid?.close();
    await db?.destroy();
  });

  async function create(body: object): Promise<{ token: string; securePaymentUrl: string }> {
    const res = await fetch(`${api.url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.apiKey.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; securePaymentUrl: string };
  }
  const payment = (extra: object = {}) => create({ requests: [{ payee: ANVIL_ACCOUNTS[7].address, amount: '12.5', ...FUSDC }], ...extra });
  const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).innerText();
  async function connected(url: string, payer: string): Promise<{ page: Page; errors: string[] }> {
    const opened = await openPage(browser);
    await injectWallet(opened.page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: payer });
    await opened.page.goto(url);
    await opened.page.getByRole('button', { name: 'Connect wallet' }).click();
    return opened;
  }

  it('opens securePaymentUrl as created (its Client ID in the link), shows terms, branding and countdown, connects the injected wallet', async () => {
    const link = await payment({
      reference: 'INV-2041',
      branding: { primaryActionColor: '#0b5d1e', pageBackgroundColor: '#eef6ee', logoPath: '/payrail-mark.svg', termsPath: '/terms' },
    });
    expect(link.securePaymentUrl).toBe(`${web.paymentPage.url}/pay/${link.token}?clientId=${tenant.client.clientId}`);
    const { page, errors } = await openPage(browser);
    const payer = ANVIL_ACCOUNTS[8].address;
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: payer });
    await page.goto(link.securePaymentUrl);
    await page.getByRole('heading', { name: 'Pay Test platform', exact: true }).waitFor();
    expect(await field(page, 'amount')).toBe('12.5 fUSDC');
    expect(await field(page, 'network')).toBe('Local test chain (Sepolia testnet)');
    expect(await field(page, 'payee')).toBe(ANVIL_ACCOUNTS[7].address);
    expect(await field(page, 'reference')).toBe('INV-2041');
    expect(await field(page, 'expires')).toMatch(/^(7d 00:00:00|6d 23:59:\d\d)$/);
    expect(await page.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    const logo = page.getByRole('img', { name: 'Logo of Test platform' });
    expect(await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    const colours = await page.getByRole('button', { name: 'Connect wallet' }).evaluate((button) => {
      const g = globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string }; document: { body: unknown } };
      return [g.getComputedStyle(button).backgroundColor, g.getComputedStyle(g.document.body).backgroundColor];
    });
    expect(colours).toEqual(['rgb(11, 93, 30)', 'rgb(238, 246, 238)']);
    await checkA11y(page);
    await screenshot(page, 'page-loaded');
    // Keyboard: Tab reaches the wallet button (after the terms link) and Enter connects.
    await page.getByRole('button', { name: 'Connect wallet' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Connected: ${payer.slice(0, 6)}…${payer.slice(-4)}`).waitFor();
    expect(wallet.callsOf('eth_requestAccounts')).toHaveLength(1);
    expect(await page.locator('[data-field="wallet"]').getAttribute('title')).toBe(payer);
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await checkA11y(page);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90000);

  it('shows a payer what to trust at a glance (merchant, token and network names, reference, fee lines, terms and privacy) at 390 and 1280 px, axe clean at both', async () => {
    // Created with a Client ID whose 1% fee the payer bears (x-client-id + Origin): the page adds the fee and total lines.
    const feeTenant = await createTenantIn(env, {
      allowedOrigins: ['https://shop.example'],
      feePercentage: '1',
      feeAddress: ANVIL_ACCOUNTS[9].address,
    });
    const res = await fetch(`${api.url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-client-id': feeTenant.client.clientId, origin: 'https://shop.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [{ payee: ANVIL_ACCOUNTS[7].address, amount: '12.5', ...FUSDC }],
        reference: 'ORDER-1187',
        branding: { logoPath: '/payrail-mark.svg', termsPath: '/terms', privacyPath: '/privacy' },
      }),
    });
    expect(res.status).toBe(201);
    const link = (await res.json()) as { securePaymentUrl: string };
    const { page, errors } = await openPage(browser);
    await page.goto(link.securePaymentUrl);
    await page.getByRole('heading', { name: 'Pay Test platform', exact: true }).waitFor();
    expect(await field(page, 'total')).toBe('12.625 fUSDC');
    expect(await field(page, 'amount')).toBe('12.5 fUSDC');
    expect(await field(page, 'fee')).toBe('0.125 fUSDC');
    expect(await field(page, 'payer-total')).toBe('12.625 fUSDC');
    expect(await page.getByText('Fee (1%)').count()).toBe(1);
    expect(await field(page, 'token')).toBe('FakeUSDC (fUSDC)');
    expect(await field(page, 'network')).toBe('Local test chain (Sepolia testnet)');
    expect(await field(page, 'reference')).toBe('ORDER-1187');
    expect(await page.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await checkA11y(page);
      // Calm at both widths: nothing wider than the viewport.
      const width = await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      );
      expect(width).toBeLessThanOrEqual(size.width);
    }
    await screenshot(page, 'page-trust');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90000);

  it('offers WalletConnect among the wallets only when WALLETCONNECT_PROJECT_ID is configured (the option; its relay is not reachable here)', async () => {
    const withProject = await startWebServer({
      root: join(repoRoot(), 'dist', 'web', 'payment-page'),
      port: 0,
      config: {
        paymentsApiUrl: api.url,
        authApiUrl: api.url,
        networks: [{ network: 'sepolia', chainId: chain.chainId, rpcUrl: chain.rpcUrl }],
        walletConnectProjectId: 'payrail-test-project',
      },
    });
    try {
      const wcTenant = await createTenantIn(env, { allowedOrigins: [withProject.url] });
      const res = await fetch(`${api.url}/v2/secure-payments`, {
        method: 'POST',
        headers: { 'x-api-key': wcTenant.apiKey.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ payee: ANVIL_ACCOUNTS[7].address, amount: '12.5', ...FUSDC }] }),
      });
      const { token } = (await res.json()) as { token: string };
      const { page, errors } = await openPage(browser);
      const unreachable: string[] = [];
      page.on('requestfailed', (request) => unreachable.push(new URL(request.url()).host));
      await page.goto(`${withProject.url}/pay/${token}?clientId=${wcTenant.client.clientId}`);
      const option = page.getByRole('button', { name: 'WalletConnect', exact: true });
      await option.waitFor();
      expect(await option.isEnabled()).toBe(true);
      await page.getByText('WalletConnect: scan a QR code with a phone wallet, or open a wallet app on this phone.').waitFor();
      await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        await checkA11y(page);
      }
      await screenshot(page, 'page-walletconnect-option');
      // The connector reaches WalletConnect's servers as the page loads; this machine has no internet,
      // so those (and only those) fail.
      expect(unreachable.filter((host) => !/(^|\.)(walletconnect|reown|web3modal)\.(com|org)$/.test(host))).toEqual([]);
      expect(errors.filter((e) => !e.includes('net::ERR_NAME_NOT_RESOLVED'))).toEqual([]);
      expect(errors.length).toBeLessThanOrEqual(unreachable.length);
      // Choosing it opens the connector's modal (Reown AppKit); without the relay it cannot show a pairing QR here.
      await option.click();
      await page.locator('w3m-modal').waitFor({ state: 'attached', timeout: 20000 });
      await screenshot(page, 'page-walletconnect-modal');
      await page.context().close();
      // Without the setting (the suite's page server) the option is absent and the page is as before.
      const plain = await connected((await payment()).securePaymentUrl, ANVIL_ACCOUNTS[8].address);
      await plain.page.getByRole('button', { name: /^Pay / }).waitFor();
      await plain.page.getByRole('button', { name: 'Disconnect' }).click();
      await plain.page.getByRole('button', { name: 'Connect wallet' }).waitFor();
      expect(await plain.page.getByRole('button', { name: 'WalletConnect' }).count()).toBe(0);
      expect(await plain.page.getByText(/WalletConnect/).count()).toBe(0);
      await plain.page.context().close();
    } finally {
      await withProject.close();
    }
  }, 90000);

  it('shows "Payment expired" for a link past its expiry', async () => {
    const link = await payment();
    await sqlExecute(db, `UPDATE secure_payments SET expires_at = now() - interval '1 minute' WHERE token = $1`, [link.token]);
    const { page, errors } = await openPage(browser);
    await page.goto(link.securePaymentUrl);
    await page.getByRole('heading', { name: 'Payment expired' }).waitFor();
    expect(await page.getByRole('button', { name: 'Connect wallet' }).count()).toBe(0);
    await checkA11y(page);
    await screenshot(page, 'page-expired');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60000);

  it('shows "Payment link invalidated" once the platform cancelled it (DELETE)', async () => {
    const link = await payment();
    const res = await fetch(`${api.url}/v2/secure-payments/${link.token}`, {
      method: 'DELETE',
      headers: { 'x-api-key': tenant.apiKey.apiKey },
    });
    expect(res.status).toBe(200);
    const { page } = await openPage(browser);
    await page.goto(link.securePaymentUrl);
    await page.getByRole('heading', { name: 'Payment link invalidated' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'page-invalidated');
    await page.context().close();
  }, 60000);

  it('shows "Wallet not allowed" after the wallet proves an address outside the allowlist (one personal_sign), and no Pay action', async () => {
    const link = await payment({ accessPolicy: { allowedPayerAddresses: [ANVIL_ACCOUNTS[6].address] } });
    // An anvil default account: anvil signs personal_sign for its own keys (an impersonated address cannot sign).
    const payer = ANVIL_ACCOUNTS[8].address;
    const { page, errors } = await connected(link.securePaymentUrl, payer);
    await page.getByRole('heading', { name: 'Wallet not allowed' }).waitFor();
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await page.getByRole('status').innerText()).toBe('');
    const rejected = await sqlRows<{ payload: { attemptedPayerWalletAddress: string } }>(
      db,
      `SELECT payload FROM outbox_events WHERE event_type = 'secure_payment.access_rejected' AND aggregate_id = $1`,
      [link.token],
    );
    expect(rejected.map((r) => r.payload.attemptedPayerWalletAddress)).toEqual([payer.toLowerCase()]);
    await checkA11y(page);
    await screenshot(page, 'page-not-allowed');
    expect(errors.filter((e) => !e.includes('403'))).toEqual([]);
    await page.context().close();
  }, 60000);

  it('says the balance is short (held and needed) and keeps "Pay" disabled for a wallet without the token', async () => {
    const link = await payment();
    const payer = await impersonatedPayer(chain.rpcUrl);
    const { page } = await connected(link.securePaymentUrl, payer);
    const pay = page.getByRole('button', { name: 'Pay 12.5 fUSDC' });
    await pay.waitFor();
    expect(await pay.isDisabled()).toBe(true);
    expect(await page.getByRole('alert').innerText()).toBe(
      'Your wallet holds 0 fUSDC; this payment needs 12.5 fUSDC. Add funds or connect another wallet.',
    );
    await checkA11y(page);
    await screenshot(page, 'page-short-balance');
    await page.context().close();
  }, 60000);

  it('pays a Tron link through a TronLink-compatible wallet: the two TRC-20 calls built, signed, relayed by tron/broadcast, and the intent reported', async () => {
    const link = await create({
      requests: [{ payee: TRON_PAYEE, amount: '25', invoiceCurrency: 'USDT-tron', paymentCurrency: 'USDT-tron' }],
    });
    const { page, errors } = await openPage(browser);
    const tron = await injectTronWallet(page, TRON_SIGNER, undefined, TRON_KEY);
    await page.goto(link.securePaymentUrl);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const pay = page.getByRole('button', { name: 'Pay 25 USDT' });
    await pay.waitFor();
    await checkA11y(page);
    await screenshot(page, 'page-tron-ready');
    await pay.click();
    await page.getByRole('status').filter({ hasText: 'Payment sent' }).waitFor();
    const built = tron
      .callsOf('triggerSmartContract')
      .map((c) => c.args as { selector: string; issuer: string; parameters: { value: string }[] });
    expect(built.map((b) => b.selector)).toEqual([
      'approve(address,uint256)',
      'transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)',
    ]);
    expect(built.every((b) => b.issuer === TRON_SIGNER)).toBe(true);
    expect(built[1].parameters[1].value).toBe(TRON_PAYEE);
    expect(tron.callsOf('sign')).toHaveLength(2);
    // Relayed by the API, which checked each is this payment's own call; the wallet broadcast nothing itself.
    expect(tron.callsOf('sendRawTransaction')).toHaveLength(0);
    const relayed = [...grid.broadcasts.keys()];
    expect(relayed).toHaveLength(2);
    const intents = await sqlRows<{ tx_hash: string; network: string; payer_address: string }>(
      db,
      'SELECT tx_hash, network, payer_address FROM payment_intents WHERE secure_payment_token = $1',
      [link.token],
    );
    expect(intents).toEqual([{ tx_hash: relayed[1], network: 'tron', payer_address: TRON_SIGNER }]);
    await checkA11y(page);
    await screenshot(page, 'page-tron-sent');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60000);

  it('says the payment was not found when the link has no Client ID', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${web.paymentPage.url}/pay/01JUNKTOKEN`);
    await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
    await checkA11y(page);
    await page.context().close();
  }, 60000);
});
