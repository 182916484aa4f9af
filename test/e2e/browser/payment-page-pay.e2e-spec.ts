import { verifyWebhook } from '@payrail/domain';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { ANVIL_ACCOUNTS, freePort, type AppHandle } from '@payrail/devstack';
import type { Browser, Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { impersonatedPayer } from '@payrail/test-support/browser/anvil-payer.js';
import { DESKTOP, launchBrowser, openPage, PHONE } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { recordStatusTexts } from '@payrail/test-support/browser/status-log.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const SHOP = 'https://shop.example';

// A payer opens a link's securePaymentUrl in Debian's Chromium, connects an injected EIP-6963 wallet
// that forwards to the local anvil, and pays with the one "Pay" action; the built payments-api,
// chain-worker (detection polling once a minute: only the page's intent settles within the test)
// and webhook-worker run as processes. Each payment ends "Payment complete" on the page, `paid` on
// GET /v2/request/{id}, and a signed payment.confirmed at the platform's webhook.
describe('hosted payment page pays in Chromium (payments-api, chain-worker, webhook-worker processes, local chain)', () => {
  const chain = testStack().chain;
  let apps: AppHandle[] = [];
  let web: WebApps;
  let browser: Browser;
  let receiver: TestReceiver;
  let secret: string;
  let db: DataSource;
  let apiKey: string;
  let api: string;

  beforeAll(async () => {
    const [pagePort, dashboardPort] = [await freePort(), await freePort()];
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('pagepay'), {
      SECURE_PAYMENT_PAGE_URL: `http://localhost:${pagePort}/pay`,
      DETECTION_POLL_INTERVAL_MS: '60000',
      OUTBOX_POLL_INTERVAL_MS: '20',
      RATE_LIMIT_MULTIPLIER: '100',
      LOG_LEVEL: 'warn',
    });
    // The Client ID allows only the shop's origin: the hosted page's own origin is accepted anyway.
    const tenant = await createTenantIn(env, { allowedOrigins: [SHOP] });
    apiKey = tenant.apiKey.apiKey;
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    receiver = await TestReceiver.start();
    secret = (await addEndpoint(db, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url())).secret;
    const started = await Promise.all([
      ...(['payments-api', 'chain-worker', 'webhook-worker'] as const).map((name) => startTestApp(name, env)),
      launchBrowser(),
    ]);
    apps = started.slice(0, 3) as AppHandle[];
    browser = started[3] as Browser;
    api = apps[0].url;
    web = await startWebApps({ paymentsApiUrl: api, authApiUrl: api }, chain, { paymentPage: pagePort, dashboard: dashboardPort });
  }, 150000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await db?.destroy();
  });

  const create = async (path: string, body: object) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; securePaymentUrl: string; requestIds: string[] };
  };
  const requestStatus = async (id: string) =>
    ((await (await fetch(`${api}/v2/request/${id}`, { headers: { 'x-api-key': apiKey } })).json()) as { status: string }).status;
  const confirmedWebhook = async (requestId: string) => {
    const delivery = await receiver.waitUntil(
      (r) => r.body.startsWith('{"event":"payment.confirmed"') && r.body.includes(requestId),
      1,
      20000,
    );
    expect(verifyWebhook(delivery.body, delivery.headers['x-service-signature'] as string, secret)).toBe(true);
    return JSON.parse(delivery.body) as Record<string, unknown>;
  };

  /** Opens the link, connects, checks axe and takes screenshots, pays; answers the status texts shown and the wallet's calls. */
  async function payInPage(securePaymentUrl: string, payer: `0x${string}`, name: string, payLabel: string) {
    const { page, errors } = await openPage(browser);
    const statuses = await recordStatusTexts(page);
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: payer });
    await page.goto(securePaymentUrl);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const pay = page.getByRole('button', { name: payLabel });
    await pay.waitFor();
    expect(await pay.isEnabled()).toBe(true);
    await checkA11y(page);
    await screenshot(page, `${name}-ready`);
    // Keyboard-operable: the primary action takes focus and Enter runs it.
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor({ timeout: 20000 });
    await checkA11y(page);
    await screenshot(page, `${name}-complete`);
    const shown = await statuses();
    await page.context().close();
    expect(errors).toEqual([]);
    return { shown, sent: wallet.callsOf('eth_sendTransaction').length, events: wallet };
  }

  const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).innerText();
  /**
   * The receipt after "Payment complete", from the record: the settling hash as stored, no explorer
   * link on the local chain; the same after a reload (the payer's paid link), then its printable
   * page (`Download receipt`) with the same facts; axe clean at 390 and 1280 px throughout.
   */
  async function checkReceipt(page: Page, link: { securePaymentUrl: string; requestIds: string[] }, name: string) {
    const [stored] = await sqlRows<{ tx_hash: string }>(db, 'SELECT tx_hash FROM requests WHERE id = $1', [link.requestIds[0]]);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await receipt.waitFor();
    const facts = async () => ({
      amount: await field(page, 'receipt-amount'),
      token: await field(page, 'receipt-token'),
      network: await field(page, 'receipt-network'),
      merchant: await field(page, 'receipt-merchant'),
      payee: await field(page, 'receipt-payee'),
      reference: await field(page, 'receipt-reference'),
      time: await field(page, 'receipt-time'),
      tx: await field(page, 'receipt-tx'),
    });
    const shown = await facts();
    expect(shown).toEqual({
      amount: '12.5 fUSDC',
      token: 'FakeUSDC (fUSDC)',
      network: 'Local test chain (Sepolia testnet)',
      merchant: 'Test platform',
      payee: ANVIL_ACCOUNTS[7].address,
      reference: 'INV-2041',
      time: expect.stringMatching(/^\d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/) as unknown,
      tx: stored.tx_hash,
    });
    // The local chain has no explorer: the hash alone, no link.
    expect(await page.locator('[data-field="receipt-tx"] a').count()).toBe(0);
    await axeAtBothWidths(page);
    await screenshot(page, `${name}-receipt`);
    await page.reload();
    await page.getByRole('heading', { name: 'Payment already completed' }).waitFor();
    await receipt.waitFor();
    expect(await facts()).toEqual(shown);
    await axeAtBothWidths(page);
    await screenshot(page, `${name}-receipt-reloaded`);
    await page.getByRole('link', { name: 'Download receipt' }).click();
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/receipt$/);
    expect(await facts()).toEqual(shown);
    expect(await field(page, 'receipt-total')).toBe('12.5 fUSDC');
    await page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
    await axeAtBothWidths(page);
    await screenshot(page, `${name}-receipt-printable`);
    await page.emulateMedia({ media: 'print' });
    await screenshot(page, `${name}-receipt-print-media`);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: 'Back to the payment' }).click();
    await receipt.waitFor();
  }
  async function axeAtBothWidths(page: Page) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await checkA11y(page);
    }
  }

  it('pays an ERC-20 secure payment with approval (Step 1 of 2, Step 2 of 2), completed, paid, signed payment.confirmed, redirect button', async () => {
    const payer = await impersonatedPayer(chain.rpcUrl, { token: chain.tokens.USDC, tokens: 100n * 10n ** 6n });
    const link = await create('/v2/secure-payments', {
      requests: [{ payee: ANVIL_ACCOUNTS[7].address, amount: '12.5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
      reference: 'INV-2041',
      redirectUrl: `${SHOP}/thanks`,
      redirectLabel: 'Back to the shop',
    });
    const { page, errors } = await openPage(browser);
    const statuses = await recordStatusTexts(page);
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: payer });
    await page.goto(link.securePaymentUrl);
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    const pay = page.getByRole('button', { name: 'Pay 12.5 fUSDC' });
    await pay.waitFor();
    await checkA11y(page);
    await screenshot(page, 'pay-erc20-ready');
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor({ timeout: 20000 });
    const redirect = page.getByRole('button', { name: 'Back to the shop' });
    await redirect.waitFor();
    await checkA11y(page);
    await screenshot(page, 'pay-erc20-complete');
    const shown = await statuses();
    expect(shown).toEqual(expect.arrayContaining([expect.stringContaining('Step 1 of 2'), expect.stringContaining('Step 2 of 2')]));
    expect(shown.at(-1)).toContain('Payment complete');
    expect(wallet.callsOf('eth_sendTransaction')).toHaveLength(2);
    expect(await requestStatus(link.requestIds[0])).toBe('paid');
    expect(await confirmedWebhook(link.requestIds[0])).toMatchObject({ event: 'payment.confirmed', requestId: link.requestIds[0] });
    const events = await sqlRows<{ payload: { userEvent: string } }>(
      db,
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'secure_payment.user_event' ORDER BY id`,
      [link.token],
    );
    expect(events.map((e) => e.payload.userEvent)).toEqual(['wallet_connected', 'payment_sent_to_wallet', 'payment_approved_in_wallet']);
    const intents = await sqlRows<{ outcome: string }>(db, `SELECT outcome FROM payment_intents WHERE secure_payment_token = $1`, [
      link.token,
    ]);
    expect(intents.map((i) => i.outcome)).toEqual(['matched']);
    await checkReceipt(page, link, 'pay-erc20');
    await page.getByRole('button', { name: 'Back to the shop' }).click();
    await page.waitForURL(`${SHOP}/thanks`, { waitUntil: 'commit' }).catch(() => undefined);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120000);

  it('pays a native-currency secure payment in one step, completed, paid, signed payment.confirmed', async () => {
    const payer = await impersonatedPayer(chain.rpcUrl);
    const link = await create('/v2/secure-payments', {
      requests: [
        {
          payee: ANVIL_ACCOUNTS[7].address,
          amount: '0.25',
          invoiceCurrency: 'ETH-sepolia-sepolia',
          paymentCurrency: 'ETH-sepolia-sepolia',
        },
      ],
    });
    const { shown, sent } = await payInPage(link.securePaymentUrl, payer, 'pay-native', 'Pay 0.25 ETH');
    expect(shown).toEqual(expect.arrayContaining([expect.stringContaining('Step 1 of 1')]));
    expect(sent).toBe(1);
    expect(await requestStatus(link.requestIds[0])).toBe('paid');
    expect(await confirmedWebhook(link.requestIds[0])).toMatchObject({ requestId: link.requestIds[0] });
  }, 90000);

  it('pays a multicall payout of three in one batch after its approval, each request paid with its signed payment.confirmed', async () => {
    const payer = await impersonatedPayer(chain.rpcUrl, { token: chain.tokens.USDC, tokens: 100n * 10n ** 6n });
    const payout = (i: number, amount: string) => ({
      payee: ANVIL_ACCOUNTS[5 + i].address,
      amount,
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    const link = await create('/v2/secure-payments/multicall-payouts', { payouts: [payout(0, '1'), payout(1, '2'), payout(2, '3.5')] });
    const { shown, sent } = await payInPage(link.securePaymentUrl, payer, 'pay-multicall', 'Pay 6.5 fUSDC');
    expect(shown).toEqual(expect.arrayContaining([expect.stringContaining('Step 2 of 2')]));
    expect(sent).toBe(2);
    for (const id of link.requestIds) {
      expect(await requestStatus(id)).toBe('paid');
      expect(await confirmedWebhook(id)).toMatchObject({ requestId: id });
    }
  }, 90000);
});
