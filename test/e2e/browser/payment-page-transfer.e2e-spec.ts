import { createDataSource, sqlOne } from '@payrail/persistence';
import { freePort, type AppHandle } from '@payrail/devstack';
import { Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { impersonatedPayer } from '@payrail/test-support/browser/anvil-payer.js';
import { DESKTOP, launchBrowser, openPage, PHONE } from '@payrail/test-support/browser/chromium.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const SHOP = 'https://shop.example';

/** One JSON-RPC call to anvil (eth_sendTransaction from an impersonated payer: a plain transfer, as an exchange sends it). */
async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result;
}
const word = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');

// A payer with no browser wallet opens the link in Debian's Chromium, chooses "Pay from another
// wallet or exchange", reads the deposit address from the page and sends a plain transfer to it from
// outside the browser. chain-worker (a fresh relayer key) sweeps it through the fee proxy; the page
// follows the deposit and ends on "Payment complete" as a wallet payment does.
describe('hosted payment page: pay by transfer in Chromium (payments-api, chain-worker processes, local chain)', () => {
  const chain = testStack().chain;
  let apps: AppHandle[] = [];
  let web: WebApps;
  let browser: Browser;
  let db: DataSource;
  let apiKey: string;
  let api: string;

  beforeAll(async () => {
    const [pagePort, dashboardPort] = [await freePort(), await freePort()];
    const relayer = Wallet.createRandom();
    await rpc(chain.rpcUrl, 'anvil_setBalance', [relayer.address, `0x${(10n ** 20n).toString(16)}`]);
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('pagetransfer'), {
      SECURE_PAYMENT_PAGE_URL: `http://localhost:${pagePort}/pay`,
      DETECTION_POLL_INTERVAL_MS: '200',
      DEPOSIT_POLL_INTERVAL_MS: '200',
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      RECURRING_ENABLED: 'false',
      RATE_LIMIT_MULTIPLIER: '100',
      LOG_LEVEL: 'warn',
    });
    const tenant = await createTenantIn(env, { allowedOrigins: [SHOP] });
    apiKey = tenant.apiKey.apiKey;
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    const started = await Promise.all([
      ...(['payments-api', 'chain-worker'] as const).map((name) => startTestApp(name, env)),
      launchBrowser(),
    ]);
    apps = started.slice(0, 2) as AppHandle[];
    browser = started[2] as Browser;
    api = apps[0].url;
    web = await startWebApps({ paymentsApiUrl: api, authApiUrl: api }, chain, { paymentPage: pagePort, dashboard: dashboardPort });
  }, 150000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await db?.destroy();
  });

  const create = async (amount: string, currency: string) => {
    const res = await fetch(`${api}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [{ payee: Wallet.createRandom().address, amount, invoiceCurrency: currency, paymentCurrency: currency }],
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; securePaymentUrl: string; requestIds: string[] };
  };
  const requestStatus = async (id: string) =>
    ((await (await fetch(`${api}/v2/request/${id}`, { headers: { 'x-api-key': apiKey } })).json()) as { status: string }).status;
  const sendToken = async (from: string, token: string, to: string, units: bigint) => {
    await rpc(chain.rpcUrl, 'eth_sendTransaction', [{ from, to: token, data: `0xa9059cbb${word(to)}${word(units.toString(16))}` }]);
  };

  /** Opens the link, opens the transfer details (keyboard), checks axe; answers the page and the deposit address read from it. */
  async function openTransfer(
    url: string,
    viewport: typeof PHONE | typeof DESKTOP,
    name: string,
  ): Promise<{ page: Page; errors: string[]; address: string }> {
    const { page, errors } = await openPage(browser, viewport);
    await page.goto(url);
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor();
    const open = page.getByRole('button', { name: 'Pay from another wallet or exchange' });
    await open.focus();
    await page.keyboard.press('Enter');
    const region = page.getByRole('region', { name: 'Transfer details' });
    await region.waitFor();
    await region.getByRole('img', { name: 'QR code' }).waitFor();
    await checkA11y(page);
    await screenshot(page, `${name}-details`);
    const address = ((await region.getByLabel('Deposit address').textContent()) ?? '').trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    return { page, errors, address };
  }
  const progress = (page: Page, text: string) =>
    page.locator('[data-field="transfer-progress"]').filter({ hasText: text }).waitFor({ timeout: 20000 });

  it('an ERC-20 link paid by a plain transfer, short first and then the rest, reaches Payment complete (390 px)', async () => {
    const payer = await impersonatedPayer(chain.rpcUrl, { token: chain.tokens.USDC, tokens: 100n * 10n ** 6n });
    const link = await create('12.5', 'fUSDC-sepolia');
    const { page, errors, address } = await openTransfer(link.securePaymentUrl, PHONE, 'transfer-erc20');
    const region = page.getByRole('region', { name: 'Transfer details' });
    expect(await region.textContent()).toContain('12.5 fUSDC');
    expect(await region.getByRole('img', { name: 'QR code' }).getAttribute('data-uri')).toBe(
      `ethereum:${chain.tokens.USDC}@${chain.chainId}/transfer?address=${address}&uint256=12500000`,
    );
    await sendToken(payer, chain.tokens.USDC, address, 5_000_000n);
    await progress(page, 'Received 5 of 12.5');
    await checkA11y(page);
    await screenshot(page, 'transfer-erc20-partial');
    expect(await requestStatus(link.requestIds[0])).toBe('pending');
    await sendToken(payer, chain.tokens.USDC, address, 7_500_000n);
    await page.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor({ timeout: 30000 });
    await checkA11y(page);
    await screenshot(page, 'transfer-erc20-complete');
    expect(await requestStatus(link.requestIds[0])).toBe('paid');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120000);

  it('a native-currency link paid by a plain value transfer reaches Payment complete (1280 px)', async () => {
    const payer = await impersonatedPayer(chain.rpcUrl);
    const link = await create('0.25', 'ETH-sepolia-sepolia');
    const { page, errors, address } = await openTransfer(link.securePaymentUrl, DESKTOP, 'transfer-native');
    await rpc(chain.rpcUrl, 'eth_sendTransaction', [{ from: payer, to: address, value: `0x${(25n * 10n ** 16n).toString(16)}` }]);
    await page.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor({ timeout: 30000 });
    expect(await requestStatus(link.requestIds[0])).toBe('paid');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120000);

  it('a transfer of the wrong token is recorded, not paid: the page keeps waiting', async () => {
    const payer = await impersonatedPayer(chain.rpcUrl, { token: chain.tokens.DAI, tokens: 100n * 10n ** 18n });
    const link = await create('3', 'fUSDC-sepolia');
    const { page, errors, address } = await openTransfer(link.securePaymentUrl, PHONE, 'transfer-wrong-token');
    await sendToken(payer, chain.tokens.DAI, address, 3n * 10n ** 18n);
    const recorded = async () =>
      (
        await sqlOne<{ n: number }>(
          db,
          'SELECT count(*)::int AS n FROM deposit_transfers WHERE lower(address) = lower($1) AND NOT counted',
          [address],
        )
      )?.n;
    for (let i = 0; i < 200 && (await recorded()) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await recorded()).toBe(1);
    await progress(page, 'Waiting for your transfer');
    expect(await requestStatus(link.requestIds[0])).toBe('pending');
    await page.context().close();
    expect(errors).toEqual([]);
  }, 120000);
});
