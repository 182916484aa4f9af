import { readFile } from 'node:fs/promises';
import { verifyWebhook } from '@payrail/domain';
import { ANVIL_ACCOUNTS, freePort, type AppHandle } from '@payrail/devstack';
import type { Browser, Page } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { impersonatedPayer } from '@payrail/test-support/browser/anvil-payer.js';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { parseCsv } from '@payrail/test-support/dashboard/csv-parse.js';
import { bankDetails, compliantPayer } from '@payrail/test-support/payer/offramp-payer.js';
import { mailOutbox } from '@payrail/test-support/mail-outbox.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { dashboardOriginEnv } from '@payrail/test-support/dashboard/dashboard-stack.js';

const SIGNER = ANVIL_ACCOUNTS[6].address;
const PAYEE = ANVIL_ACCOUNTS[7].address;

// The platform dashboard's jobs in Debian's Chromium against the real stack: auth-api, payments-api,
// chain-worker and webhook-worker as processes, the dashboard behind its same-origin proxy, the hosted
// payment page, a local webhook receiver. A wallet (EIP-6963, personal_sign answered by anvil) signs
// in with SIWE; that session creates a Client ID and an API key, registers a webhook, test-fires and
// redelivers, creates a payment link that a payer pays through the hosted page, finds the payment in
// the list and its detail, and exports the CSV, checked row by row against the API.
describe('dashboard jobs (Chromium, wallet session, real APIs and workers)', () => {
  const chain = testStack().chain;
  let apps: AppHandle[] = [];
  let web: WebApps;
  let browser: Browser;
  let receiver: TestReceiver;
  let page: Page;
  let errors: string[];
  let apiKey: string;

  beforeAll(async () => {
    const [pagePort, dashboardPort] = [await freePort(), await freePort()];
    const env = appEnv(await createTestDatabase(), uniqueName('dashjobs'), {
      ...mailOutbox().env,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
      ...dashboardOriginEnv(dashboardPort),
      SECURE_PAYMENT_PAGE_URL: `http://localhost:${pagePort}/pay`,
      DETECTION_POLL_INTERVAL_MS: '60000',
      OUTBOX_POLL_INTERVAL_MS: '20',
    });
    receiver = await TestReceiver.start();
    const started = await Promise.all([
      ...(['auth-api', 'payments-api', 'chain-worker', 'webhook-worker'] as const).map((name) => startTestApp(name, env)),
      launchBrowser(),
    ]);
    apps = started.slice(0, 4) as AppHandle[];
    browser = started[4] as Browser;
    web = await startWebApps({ authApiUrl: apps[0].url, paymentsApiUrl: apps[1].url }, chain, {
      paymentPage: pagePort,
      dashboard: dashboardPort,
    });
    ({ page, errors } = await openPage(browser));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: `http://localhost:${dashboardPort}` });
  }, 180000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
  });

  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  const api = (path: string) => fetch(`${apps[1].url}${path}`, { headers: { 'x-api-key': apiKey } });

  it('signs in with an injected wallet: SIWE challenge signed with personal_sign by the anvil account', async () => {
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: SIGNER });
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByText(`Signed in as ${SIGNER.slice(0, 6)}`).waitFor();
    const signed = wallet.callsOf('personal_sign');
    expect(signed).toHaveLength(1);
    expect(String((signed[0].params as string[])[0])).toMatch(/^0x/); // viem sends the message hex-encoded
    const session = await page.evaluate(() =>
      fetch('/v1/auth/session').then((r) => r.json() as Promise<{ kind: string; wallet: { address: string } }>),
    );
    expect(session).toMatchObject({ kind: 'wallet', wallet: { address: expect.stringMatching(new RegExp(`^${SIGNER}$`, 'i')) } });
  }, 60000);

  it('creates a Client ID and an API key (shown once) on Developers; the key works on payments-api', async () => {
    await nav('Developers');
    await page.getByLabel('Label', { exact: true }).fill('Web shop');
    await page.getByLabel('Allowed origins', { exact: true }).fill('https://shop.example');
    await page.getByRole('button', { name: 'Create Client ID' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Web shop' });
    await row.waitFor();
    expect(await row.textContent()).toContain('https://shop.example');
    await page.getByRole('button', { name: 'Create API key' }).click();
    apiKey = (await page.locator('[data-field="api-key"]').textContent())!.trim();
    expect(apiKey).toMatch(/^prk_/);
    await page.getByRole('cell', { name: apiKey.slice(0, 12), exact: true }).waitFor();
    expect((await api('/v2/requests')).status).toBe(200);
    await checkA11y(page);
    await screenshot(page, 'dashboard-developers');
  }, 60000);

  it('registers a webhook (secret shown once), test-fires it, shows the delivery with its attempt, and redelivers it', async () => {
    await nav('Webhooks');
    await page.getByLabel('Endpoint URL', { exact: true }).fill(receiver.url());
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.locator('[data-field="webhook-secret"]').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('cell', { name: receiver.url() }).first().waitFor();
    await page.getByLabel('Event type', { exact: true }).first().selectOption('payment.confirmed');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event sent: 1 endpoints answered 2xx, 0 did not.').waitFor({ timeout: 30000 });
    const first = await receiver.waitFor(1);
    expect(verifyWebhook(first[0].body, first[0].headers['x-service-signature'] as string, secret)).toBe(true);
    expect(first[0].headers['x-service-test']).toBe('true');

    await page.getByRole('button', { name: 'Refresh log' }).click();
    const log = page.getByRole('region', { name: 'Delivery log' });
    const delivery = log.getByRole('row').filter({ hasText: 'payment.confirmed' });
    await delivery.getByRole('cell', { name: 'succeeded' }).waitFor();
    await delivery.getByRole('button', { name: 'Details' }).click();
    const attempts = page.getByRole('region', { name: /^Attempts of delivery/ });
    await attempts.getByRole('row').nth(1).waitFor();
    expect(await attempts.getByRole('row').count()).toBe(2); // header + the one attempt
    expect(await attempts.getByRole('row').nth(1).textContent()).toContain('200');
    await checkA11y(page);
    await screenshot(page, 'dashboard-webhooks');

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText('Redelivery queued').waitFor();
    const again = await receiver.waitFor(2);
    expect(again[1].headers['x-service-delivery']).toBe(first[0].headers['x-service-delivery']);
    // The log shows the second round once the worker has made it.
    let attemptsShown: string | null = null;
    for (let i = 0; i < 40 && attemptsShown !== '2'; i++) {
      await page.getByRole('button', { name: 'Refresh log' }).click();
      await page.waitForTimeout(250);
      attemptsShown = await delivery.getByRole('cell').nth(4).textContent();
    }
    expect(attemptsShown).toBe('2');

    // "Redeliver failed since": the recover route with the endpoint's Client ID and the session; the
    // answer's count is shown (0 here: test deliveries are never recovered, and this one succeeded).
    // An hour ago, as the local time a datetime-local input holds (recover reaches back at most 14 days).
    const since = new Date(Date.now() - 3_600_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Failed since', { exact: true }).fill(since);
    const recovered = page.waitForResponse((r) => /\/v1\/webhook\/[0-9A-Z]{26}\/recover$/.test(r.url()));
    await page.getByRole('button', { name: 'Redeliver failed since' }).click();
    const answer = await recovered;
    expect(answer.status()).toBe(202);
    expect(answer.request().postDataJSON()).toEqual({ since: new Date(since).toISOString(), status: 'failed' });
    expect(await answer.json()).toEqual({ queued: 0, more: false });
    await page.getByText('Queued 0 failed deliveries again').waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-webhooks-recover');
  }, 90000);

  /** The Payment links screen's link form (the invoice form beside it has fields of the same names). */
  const linkForm = () => page.getByRole('region', { name: 'New payment link' });

  it('creates a payment link (copy, QR code) that a payer pays through the hosted page; the list shows it completed', async () => {
    await nav('Payment links');
    await linkForm().getByLabel('Payee address', { exact: true }).fill(PAYEE);
    await linkForm().getByLabel('Amount', { exact: true }).fill('3.25');
    // The form offers the API's currencies of the chosen network (GET /v2/currencies by session), fiat for the invoice.
    expect(await linkForm().getByLabel('Network', { exact: true }).inputValue()).toBe('sepolia');
    await page.locator('#network-currencies option[value="fUSDC-sepolia"]').waitFor({ state: 'attached' });
    await page.locator('#invoice-currencies option[value="USD"]').waitFor({ state: 'attached' });
    for (const id of ['FAU-sepolia', 'DAI-sepolia'])
      await page.locator(`#network-currencies option[value="${id}"]`).waitFor({ state: 'attached' });
    // Only the chosen network's: every offered id ends in -sepolia.
    expect(await page.locator('#network-currencies option:not([value$="-sepolia"])').count()).toBe(0);
    await linkForm().getByLabel('Payment currency', { exact: true }).fill('fUSDC-sepolia');
    await linkForm().getByLabel('Reference', { exact: true }).fill('INV-DASH-1');
    await page.getByRole('button', { name: 'Create payment link' }).click();
    const link = (await page.locator('[data-field="created-link"]').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${web.paymentPage.url}/pay/[0-9A-Z]{26}\\?clientId=`));
    await page.getByRole('img', { name: 'QR code of the payment link' }).waitFor();
    await page.getByRole('status').getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
    await checkA11y(page);
    await screenshot(page, 'dashboard-payment-links');

    const payer = await impersonatedPayer(chain.rpcUrl, { token: chain.tokens.USDC, tokens: 10n * 10n ** 6n });
    const { page: payPage } = await openPage(browser);
    await injectWallet(payPage, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: payer });
    await payPage.goto(link);
    await payPage.getByRole('button', { name: 'Connect wallet' }).click();
    await payPage.getByRole('button', { name: 'Pay 3.25 fUSDC' }).click();
    await payPage.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor({ timeout: 30000 });
    await payPage.context().close();

    await page.reload();
    await page.getByRole('row').filter({ hasText: 'completed' }).waitFor();
  }, 120000);

  it('shows the payment in the list and its detail (explorer link, delivery), and exports the CSV, equal row by row to the API', async () => {
    // A second, unpaid request, so the export has more than one row to check.
    await linkForm().getByLabel('Payee address', { exact: true }).fill(PAYEE);
    await linkForm().getByLabel('Amount', { exact: true }).fill('1.5');
    await linkForm().getByLabel('Payment currency', { exact: true }).fill('fUSDC-sepolia');
    await linkForm().getByLabel('Reference', { exact: true }).fill('INV-DASH-2');
    await page.getByRole('button', { name: 'Create payment link' }).click();
    await page.locator('[data-field="created-link"]').waitFor();

    await nav('Payments');
    const paid = page.getByRole('row').filter({ hasText: 'INV-DASH-1' });
    await paid.waitFor();
    expect(await paid.textContent()).toContain('paid');
    expect(await paid.textContent()).toContain('3.25 fUSDC');
    await page.getByRole('row').filter({ hasText: 'INV-DASH-2' }).waitFor();
    await page.getByText('1 payments').waitFor(); // the volume overview counts the settled one
    await checkA11y(page);
    await screenshot(page, 'dashboard-payments');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = parseCsv(await readFile(await (await download).path(), 'utf8'));
    const listed = ((await (await api('/v2/requests')).json()) as { data: Record<string, unknown>[] }).data;
    const [header, ...rows] = csv;
    expect(rows).toHaveLength(2);
    rows.forEach((row, i) => {
      expect(Object.fromEntries(header.map((h, j) => [h, row[j]]))).toEqual(
        Object.fromEntries(header.map((h) => [h, listed[i][h] === null || listed[i][h] === undefined ? '' : String(listed[i][h])])),
      );
    });

    await paid.getByRole('link').click();
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    const tx = page.getByRole('link', { name: /block explorer/ });
    await tx.waitFor();
    expect(await tx.getAttribute('href')).toMatch(/^https:\/\/sepolia\.etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
    await page.getByRole('region', { name: 'Webhook deliveries' }).getByRole('cell', { name: 'payment.confirmed' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-payment-detail');
  }, 90000);

  it("sets the platform's fee configuration on Developers (a bad field told in a sentence first); the preview and new links carry it", async () => {
    await nav('Developers');
    const form = page.getByRole('form', { name: 'Fee configuration' });
    await form.getByLabel('Fee (basis points)', { exact: true }).fill('12.5');
    await form.getByLabel('Fee address on EVM networks', { exact: true }).fill(SIGNER);
    await form.getByRole('button', { name: 'Save fee configuration' }).click();
    await form.getByText('Enter whole basis points from 0 to 10000').waitFor();
    await form.getByLabel('Fee (basis points)', { exact: true }).fill('150');
    await form.getByLabel('Cap in USD', { exact: true }).fill('2');
    await form.getByLabel('Who pays the fee', { exact: true }).selectOption('payee');
    await form.getByRole('button', { name: 'Save fee configuration' }).click();
    await form.getByRole('status').filter({ hasText: 'Fee configuration saved' }).waitFor();
    expect(await (await api('/v2/fee-config')).json()).toMatchObject({
      feeConfig: {
        bps: 150,
        usdCap: '2.00',
        feeBearer: 'payee',
        evmRecipientAddress: SIGNER,
        tronRecipientAddress: null,
        status: 'active',
      },
    });
    const preview = await fetch(`${apps[1].url}/v2/secure-payments/fees/preview`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '10', currency: 'fUSDC-sepolia', flow: 'get_paid' }),
    });
    // 1.5 % of 10.00 = 0.15, under the 2.00 cap, out of the payee's amount.
    expect(await preview.json()).toMatchObject({
      netRecipientAmountUsd: '9.85',
      fees: [{ percentageBps: 150, capUsd: '2.00', feeBearer: 'payee' }],
    });
    await page.reload();
    await page.getByRole('form', { name: 'Fee configuration' }).getByLabel('Fee (basis points)', { exact: true }).waitFor();
    expect(await page.getByLabel('Fee (basis points)', { exact: true }).inputValue()).toBe('150');
    expect(await page.getByLabel('Who pays the fee', { exact: true }).inputValue()).toBe('payee');
    await checkA11y(page);
    await screenshot(page, 'dashboard-fee-config');
  }, 60000);

  it('every other screen passes axe and is screenshotted (Recurring, Payers); no console errors on the way', async () => {
    for (const [name, shot] of [
      ['Recurring', 'dashboard-recurring'],
      ['Payers', 'dashboard-payers'],
    ] as const) {
      await nav(name);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByRole('table').first().waitFor();
      await checkA11y(page);
      await screenshot(page, shot);
    }
  }, 60000);

  it('Recurring: sets the failed-payment retry policy (a bad delay told in a sentence first); the API answers it', async () => {
    await nav('Recurring');
    const form = page.getByRole('form', { name: 'Failed payment retries' });
    const delays = form.getByLabel('Retry delays (minutes)', { exact: true });
    await delays.waitFor();
    expect(await delays.inputValue()).toBe('5, 30, 120, 1200, 1440');
    await delays.fill('5, zero');
    await form.getByRole('button', { name: 'Save retries' }).click();
    await form.getByText('Enter 1 to 20 delays in minutes').waitFor();
    await delays.fill('10, 60, 1440');
    await form.getByLabel('Grace period (days)', { exact: true }).fill('7');
    await form.getByLabel('Cancel after (days)', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Save retries' }).click();
    await form.getByRole('status').filter({ hasText: 'Retry policy saved' }).waitFor();
    expect(await (await api('/v2/payouts/recurring-dunning-policy')).json()).toMatchObject({
      retryDelaysSeconds: [600, 3600, 86400],
      gracePeriodSeconds: 604800,
      cancelAfterSeconds: null,
      source: 'platform',
    });
    await checkA11y(page);
    await screenshot(page, 'dashboard-recurring-retries');
  }, 60000);

  it('Payers: a payer’s bank accounts open under its row, masked, each with its status (axe, screenshots)', async () => {
    const call = async <T>(method: string, path: string, body?: unknown) => {
      const res = await fetch(`${apps[1].url}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T };
    };
    const user = 'ada.bank@example.com';
    await compliantPayer(apps[1].url, call, user);
    const path = `/v2/payer/${encodeURIComponent(user)}/payment-details`;
    const approved = await call<{ payment_detail: { id: string } }>('POST', path, bankDetails());
    await call('POST', `/sandbox/offramp/payment-details/${approved.body.payment_detail.id}/decision`, { outcome: 'approved' });
    const uk = { bankName: 'Barclays', accountName: 'Ada Lovelace', accountNumber: '12345678', sortCode: '200000', currency: 'gbp' };
    expect((await call('POST', path, bankDetails(uk))).status).toBe(201);
    // The payers list the previous step loaded is still fresh in the query cache (10 s): a reload reads the new payer.
    await nav('Payers');
    await page.reload();
    await page.getByRole('button', { name: `Show bank accounts of ${user}` }).click();
    const list = page.getByRole('list', { name: `Bank accounts of ${user}` });
    await list.getByRole('listitem').nth(1).waitFor();
    const items = (await list.getByRole('listitem').allInnerTexts()).map((x) => x.replace(/\s+/g, ' ').trim());
    expect(items).toEqual([
      'Chase · Acme Corp Business Account ********3489 · USD · Approved',
      'Barclays · Ada Lovelace ****5678 · GBP · Pending approval',
    ]);
    expect(await page.content()).not.toContain('253009233489');
    expect(await page.getByRole('button', { name: `Hide bank accounts of ${user}` }).getAttribute('aria-expanded')).toBe('true');
    await checkA11y(page);
    await screenshot(page, 'dashboard-payers-bank-accounts');
    // The one 401 is the session check before signing in.
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 60000);
});
