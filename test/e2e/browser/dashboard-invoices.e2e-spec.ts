import { Contract, Wallet } from 'ethers';
import type { Browser } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { DESKTOP, openPage, PHONE } from '@payrail/test-support/browser/chromium.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import type { WebApps } from '@payrail/test-support/browser/web-apps.js';
import { ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { testStack, uniqueName } from '@payrail/test-support/stack.js';
import { startDashboardStack, type DashboardStack } from '@payrail/test-support/dashboard/dashboard-stack.js';

const FEE_PROXY = ['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)'];
const ERC20 = [
  'function mint(address,uint256)',
  'function approve(address,uint256) returns (bool)',
  'function transfer(address,uint256) returns (bool)',
];

// Invoices in the dashboard (Debian's Chromium, real auth-api, payments-api and chain-worker):
// "Create invoice" on Payment links (keyboard only), the invoice in Payments with its reference
// and customer, its page; paid on the local chain through Request Network's ERC20FeeProxy, its
// page lists the payment; an invoice paid by a plain transfer to its deposit address shows the
// address, the relayer's sweep and its gas. axe clean; screenshots at 390 and 1280 px.
describe('dashboard invoices (Chromium)', () => {
  const chain = testStack().chain;
  let web: WebApps;
  let browser: Browser;
  let payer: ChainPayer;
  const account = { email: `${uniqueName('inv')}@example.com`.toLowerCase(), password: 'correct horse battery staple' };

  let stack: DashboardStack | undefined;

  const relayer = Wallet.createRandom(); // a fresh key: its nonces are this file's own

  beforeAll(async () => {
    await setEtherBalance(chain.rpcUrl, relayer.address, 10n ** 18n);
    stack = await startDashboardStack({
      name: 'dinv',
      account,
      env: {
        CHAIN_CONFIRMATIONS: 'sepolia:0',
        DETECTION_POLL_INTERVAL_MS: '100',
        DEPOSIT_POLL_INTERVAL_MS: '100',
        RELAYER_PRIVATE_KEY: relayer.privateKey,
        RECURRING_ENABLED: 'false',
      },
      alsoStart: ['chain-worker'],
    });
    ({ browser, web } = stack);
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 10n ** 18n);
    const token = new Contract(chain.tokens.USDC, ERC20, payer.signer);
    await ((await token.getFunction('mint')(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  }, 120000);
  afterAll(async () => {
    payer?.close();
    await stack?.stop();
  });

  async function signIn(viewport: typeof PHONE | typeof DESKTOP = DESKTOP) {
    const opened = await openPage(browser, viewport);
    await opened.page.goto(web.dashboard.url);
    await opened.page.getByLabel('Email').fill(account.email);
    await opened.page.getByLabel('Password').fill(account.password);
    await opened.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await opened.page.getByRole('navigation', { name: 'Main' }).waitFor();
    return opened;
  }

  it('creates an invoice with the keyboard, lists it with reference and customer, and shows its payment once paid on chain', async () => {
    const { page, errors } = await signIn();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payment links' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.waitFor();

    // Keyboard only: focus the first field, type, Tab to the next, Enter submits.
    const payee = Wallet.createRandom().address;
    await form.getByLabel('Payee address').focus();
    await page.keyboard.type(payee);
    await page.keyboard.press('Tab');
    await page.keyboard.type('12.5');
    await page.keyboard.press('Tab'); // network: sepolia is the only one
    await page.keyboard.press('Tab');
    await page.keyboard.type('fUSDC-sepolia');
    for (const [label, value] of [
      ['Reference', 'INV-2026-0007'],
      ['Customer first name', 'Ada'],
      ['Customer last name', 'Lovelace'],
      ['Customer email', 'ada@example.com'],
    ]) {
      await form.getByLabel(label).focus();
      await page.keyboard.type(value);
    }
    await checkA11y(page);
    await screenshot(page, 'dashboard-invoice-form');
    await form.getByRole('button', { name: 'Create invoice', exact: true }).focus();
    await page.keyboard.press('Enter');
    const open = page.getByRole('link', { name: 'Open invoice INV-2026-0007' });
    await open.waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    const row = page.getByRole('row').filter({ hasText: 'INV-2026-0007' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/INV-2026-0007[\s\S]*Invoice[\s\S]*Ada Lovelace[\s\S]*pending/);
    await checkA11y(page);
    await screenshot(page, 'dashboard-invoices-list');

    await row.getByRole('link').click();
    await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    await page.getByText('Ada Lovelace <ada@example.com>').waitFor();
    await page.getByText('No settled payment for this request yet.').waitFor();
    const requestId = decodeURIComponent(page.url().split('/payments/')[1]);
    const reference = (await page.locator('dd.mono').nth(1).innerText()).trim();
    expect(reference).toMatch(/^0x[0-9a-f]{16}$/);

    // Paid by a wallet the payee never knew, through Request Network's fee proxy with the invoice's reference.
    const token = new Contract(chain.tokens.USDC, ERC20, payer.signer);
    await ((await token.getFunction('approve')(chain.contracts.ERC20FeeProxy, 12_500_000n)) as { wait(): Promise<unknown> }).wait();
    const proxy = new Contract(chain.contracts.ERC20FeeProxy, FEE_PROXY, payer.signer).getFunction('transferFromWithReferenceAndFee');
    const sent = (await proxy(chain.tokens.USDC, payee, 12_500_000n, reference, 0n, payer.address)) as {
      wait(): Promise<{ hash: string } | null>;
    };
    const receipt = (await sent.wait())!;

    const payments = page.getByRole('table', { name: 'Payments' });
    for (let attempt = 0; attempt < 40 && !(await payments.getByText(receipt.hash).count()); attempt++) {
      await page.waitForTimeout(250);
      await page.reload();
      await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
    }
    const paid = payments.getByRole('row').filter({ hasText: receipt.hash });
    expect(await paid.innerText()).toContain(payer.address);
    expect(await paid.innerText()).toContain('12.5');
    expect(requestId).toMatch(/^01[0-9a-f]{64}$/);
    await checkA11y(page);
    await screenshot(page, 'dashboard-invoice-paid');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 180000);

  it('an invoice paid by a plain transfer to its deposit address shows the address, the sweep and its gas (390 and 1280 px)', async () => {
    const { page, errors } = await signIn(PHONE);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payment links' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    await form.getByLabel('Payee address').focus();
    await page.keyboard.type(Wallet.createRandom().address);
    await page.keyboard.press('Tab');
    await page.keyboard.type('4.5');
    await page.keyboard.press('Tab'); // network: sepolia is the only one
    await page.keyboard.press('Tab');
    await page.keyboard.type('fUSDC-sepolia');
    await form.getByLabel('Reference').fill('INV-2026-0008');
    await form.getByRole('button', { name: 'Create invoice', exact: true }).click();
    await page.getByRole('link', { name: 'Open invoice INV-2026-0008' }).click();
    const deposit = page.locator('dl[aria-label="Paid by transfer"]');
    await deposit.waitFor();
    const fact = (term: string) => deposit.locator(`dt:text-is("${term}") + dd`);
    const address = (await fact('Deposit address').innerText()).trim();
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    // The payer's exchange sends a plain token transfer to the address shown; the relayer sweeps it.
    const transfer = new Contract(chain.tokens.USDC, ERC20, payer.signer).getFunction('transfer');
    await ((await transfer(address, 4_500_000n)) as { wait(): Promise<unknown> }).wait();
    for (let attempt = 0; attempt < 60 && (await fact('Sweep gas (paid by the platform)').innerText()).trim() === '—'; attempt++) {
      await page.waitForTimeout(250);
      await page.reload();
      await deposit.waitFor();
    }
    expect((await fact('Deposit status').innerText()).trim()).toBe('swept');
    expect(await fact('Received at the deposit address').innerText()).toMatch(/4\.5[\s\S]*\/[\s\S]*4\.5/);
    expect((await fact('Sweep transaction').innerText()).trim()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await fact('Sweep gas (paid by the platform)').innerText()).toMatch(/^0\.\d+ in native coin$/);
    await checkA11y(page); // at 390 px
    await page.setViewportSize(DESKTOP);
    await checkA11y(page);
    await screenshot(page, 'dashboard-deposit'); // 390 and 1280 px
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 120000);
});
