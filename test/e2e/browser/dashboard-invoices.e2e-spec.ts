import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { Contract, Wallet } from 'ethers';
import type { Browser } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { DESKTOP, openPage, PHONE } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
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
/** The refund test's payee: an unlocked anvil account, so the injected wallet signs in and sends as it. */
const PAYEE = ANVIL_ACCOUNTS[9].address;

// Invoices in the dashboard (Debian's Chromium, real auth-api, payments-api and chain-worker):
// "Create invoice" on Payment links (keyboard only), the invoice in Payments with its reference
// and customer, its page; paid on the local chain through Request Network's ERC20FeeProxy, its
// page lists the payment; an invoice paid by a plain transfer to its deposit address shows the
// address, the relayer's sweep and its gas. Then payment exceptions (issue #35): two invoices paid
// short and over on chain show on "Exceptions", where `Accept` and `Request remainder` decide them
// with the keyboard (and `Refund` opens the Refund dialog for the exception), and the payment's page
// shows its exception; and a wallet session refunds a paid invoice from its page (the Refund dialog,
// keyboard only, the payee's injected wallet sending the transactions). axe clean; screenshots at
// 390 and 1280 px.
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

  it('Exceptions: an underpaid and an overpaid invoice are listed open; Request remainder and Accept decide them with the keyboard', async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(web.dashboard.url);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Payment links' }).click();
    const form = page.getByRole('form', { name: 'New invoice' });
    const payees: string[] = [];
    for (const reference of ['EXC-SHORT', 'EXC-OVER']) {
      const payee = Wallet.createRandom().address;
      payees.push(payee);
      // The form keeps its values after a creation: each field is filled anew.
      await form.getByLabel('Payee address').fill(payee);
      await form.getByLabel('Amount', { exact: true }).fill('10');
      await form.getByLabel('Payment currency').fill('fUSDC-sepolia');
      await form.getByLabel('Reference').fill(reference);
      await form.getByRole('button', { name: 'Create invoice', exact: true }).click();
      await page.getByRole('link', { name: `Open invoice ${reference}` }).waitFor();
    }
    // The session's own read of its requests gives their payment references (GET: no CSRF token needed).
    const listed = await page.evaluate(() =>
      fetch('/v2/requests?limit=10').then(
        (r) => r.json() as Promise<{ data: { reference: string | null; paymentReference: string; requestId: string }[] }>,
      ),
    );
    const byReference = (merchant: string) => listed.data.find((r) => r.reference === merchant)!;
    const referenceOf = (merchant: string) => byReference(merchant).paymentReference;
    const token = new Contract(chain.tokens.USDC, ERC20, payer.signer);
    const proxy = new Contract(chain.contracts.ERC20FeeProxy, FEE_PROXY, payer.signer).getFunction('transferFromWithReferenceAndFee');
    await ((await token.getFunction('approve')(chain.contracts.ERC20FeeProxy, 19_000_000n)) as { wait(): Promise<unknown> }).wait();
    for (const [i, amount] of [7_000_000n, 12_000_000n].entries()) {
      const sent = (await proxy(
        chain.tokens.USDC,
        payees[i],
        amount,
        referenceOf(i === 0 ? 'EXC-SHORT' : 'EXC-OVER'),
        0n,
        payer.address,
      )) as {
        wait(): Promise<unknown>;
      };
      await sent.wait();
    }

    await nav.getByRole('link', { name: 'Exceptions', exact: true }).click();
    await page.getByRole('heading', { name: 'Exceptions', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Open exceptions' });
    const short = table.getByRole('row').filter({ hasText: 'underpaid' });
    const over = table.getByRole('row').filter({ hasText: 'overpaid' });
    for (let attempt = 0; attempt < 40 && (!(await short.count()) || !(await over.count())); attempt++) {
      await page.waitForTimeout(250);
      await page.reload();
      await page.getByRole('heading', { name: 'Exceptions', level: 1 }).waitFor();
    }
    expect(await short.innerText()).toMatch(/underpaid[\s\S]*10[\s\S]*7/);
    expect(await over.innerText()).toMatch(/overpaid[\s\S]*10[\s\S]*12/);
    expect(await over.getByRole('button', { name: /Request remainder/ }).count()).toBe(0);
    expect(await short.getByRole('button', { name: /^Refund the underpaid exception/ }).count()).toBe(1);
    await checkA11y(page);
    await screenshot(page, 'dashboard-exceptions');

    // Keyboard: focus the row's button, Enter decides.
    await short.getByRole('button', { name: /^Request remainder of the underpaid exception/ }).focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('status').filter({ hasText: 'Remainder link for 3' });
    await link.waitFor();
    expect(await link.innerText()).toMatch(/\/[0-9A-Z]{26}\?clientId=|\/[0-9A-Z]{26}/);
    // Refund: the request's Refund dialog, for this exception (empty amount: the excess); Escape closes it, focus returns.
    const refundButton = over.getByRole('button', { name: /^Refund the overpaid exception of / });
    await refundButton.focus();
    await page.keyboard.press('Enter');
    const refundDialog = page.getByRole('dialog', { name: 'Refund this payment' }).filter({ hasText: 'the excess of an overpayment' });
    await refundDialog.waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-exceptions-refund');
    await page.keyboard.press('Escape');
    await refundDialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')).toMatch(
      /^Refund the overpaid exception/,
    );
    await over.getByRole('button', { name: /^Accept the overpaid exception/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Exception accepted.' }).waitFor();
    await table.getByText('No open exceptions.').waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-exceptions-decided');

    // The settings form: a bad percentage is told in a sentence, a good one is saved.
    const settings = page.getByRole('form', { name: 'Tolerance and late window' });
    await settings.getByLabel('Underpaid tolerance').selectOption('percent');
    await settings.getByLabel('Tolerance', { exact: true }).fill('150');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Enter a percentage from 0 to 100').waitFor();
    await settings.getByLabel('Tolerance', { exact: true }).fill('0.5');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Settings saved').waitFor();
    const saved = await page.evaluate(() => fetch('/v2/exception-settings').then((r) => r.json() as Promise<Record<string, unknown>>));
    expect(saved).toMatchObject({ underpaidTolerancePercent: '0.5', lateWindowSeconds: 0 });

    // The payment's page shows its exception, waiting for the remainder.
    await page.goto(`${web.dashboard.url}/payments/${byReference('EXC-SHORT').requestId}`);
    const mine = page.getByRole('table', { name: 'Exceptions' });
    await mine.getByRole('row').filter({ hasText: 'remainder_requested' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'dashboard-payment-exceptions');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 180000);

  it('refunds a paid invoice from its page: the Refund dialog (keyboard) creates it, the payee’s wallet sends it, detection confirms it', async () => {
    const { page, errors } = await openPage(browser);
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: PAYEE });
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    // The wallet's platform issues the invoice (session, same origin) and a payer pays it through the fee proxy.
    const invoice = await page.evaluate(async (payee) => {
      const body = JSON.stringify({
        payee,
        amount: '3',
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        reference: 'INV-REFUND',
      });
      const res = await fetch('/v2/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return (await res.json()) as { requestId: string; paymentReference: string };
    }, PAYEE);
    const token = new Contract(chain.tokens.USDC, ERC20, payer.signer);
    await ((await token.getFunction('approve')(chain.contracts.ERC20FeeProxy, 3_000_000n)) as { wait(): Promise<unknown> }).wait();
    const proxy = new Contract(chain.contracts.ERC20FeeProxy, FEE_PROXY, payer.signer).getFunction('transferFromWithReferenceAndFee');
    await (
      (await proxy(chain.tokens.USDC, PAYEE, 3_000_000n, invoice.paymentReference, 0n, payer.address)) as { wait(): Promise<unknown> }
    ).wait();
    const statusOf = () =>
      page.evaluate(async (id) => ((await (await fetch(`/v2/requests/${id}`)).json()) as { status: string }).status, invoice.requestId);
    for (let attempt = 0; attempt < 60 && (await statusOf()) !== 'paid'; attempt++) await page.waitForTimeout(250);
    expect(await statusOf()).toBe('paid');

    // The invoice's page, loaded afresh: the wallet is not connected any more; the dialog connects it to send.
    await page.goto(`${web.dashboard.url}/payments/${invoice.requestId}`);
    await page.getByText('No refund of this request.').waitFor();
    const before = await payer.tokenBalance(chain.tokens.USDC, payer.address);
    const button = page.getByRole('button', { name: 'Refund', exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
    await dialog.waitFor();
    await dialog.getByLabel('Amount (fUSDC-sepolia)').focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Tab'); // refund address: empty, the wallet that paid
    await checkA11y(page);
    await screenshot(page, 'dashboard-refund-dialog');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // "Create refund"
    await dialog.locator('[data-field="refund-status"]', { hasText: 'confirmed' }).waitFor({ timeout: 30000 });
    await dialog.getByText(`Refund of 2.0 fUSDC-sepolia to ${payer.address} created.`).waitFor();
    expect(wallet.callsOf('eth_sendTransaction')).toHaveLength(2); // approve, then the fee proxy's transfer
    expect(await payer.tokenBalance(chain.tokens.USDC, payer.address)).toBe(before + 2_000_000n);
    await checkA11y(page);
    await screenshot(page, 'dashboard-refund-confirmed');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('Refund'); // focus back on the button
    const row = page.getByRole('table', { name: 'Refunds' }).getByRole('row').filter({ hasText: 'confirmed' });
    await row.waitFor({ timeout: 10000 });
    expect(await row.innerText()).toContain(payer.address);
    await screenshot(page, 'dashboard-refund-listed');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 180000);

  it('refunds the excess of an overpaid deposit address from its page: the payee’s wallet signs (EIP-712), the relayer sends it, refund.confirmed (390 and 1280 px)', async () => {
    const { page, errors } = await openPage(browser, PHONE);
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: PAYEE });
    await page.goto(web.dashboard.url);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const invoice = await page.evaluate(async (payee) => {
      const body = JSON.stringify({ payee, amount: '3', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' });
      const res = await fetch('/v2/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return (await res.json()) as { requestId: string };
    }, PAYEE);
    const detailOf = () =>
      page.evaluate(
        async (id) =>
          (await (await fetch(`/v2/requests/${id}`)).json()) as { status: string; deposit: { address: string; status: string } },
        invoice.requestId,
      );
    // A plain transfer of 5 to the deposit address: the sweep pays the 3 due, the 2 above stay in the forwarder.
    const transfer = new Contract(chain.tokens.USDC, ERC20, payer.signer).getFunction('transfer');
    await ((await transfer((await detailOf()).deposit.address, 5_000_000n)) as { wait(): Promise<unknown> }).wait();
    for (let attempt = 0; attempt < 120 && (await detailOf()).deposit.status !== 'swept'; attempt++) await page.waitForTimeout(250);
    expect(await detailOf()).toMatchObject({ status: 'paid', deposit: { status: 'swept' } });

    await page.goto(`${web.dashboard.url}/payments/${invoice.requestId}`);
    await page.getByText('No refund of this request.').waitFor();
    const before = await payer.tokenBalance(chain.tokens.USDC, payer.address);
    await page.getByRole('button', { name: 'Refund', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
    await dialog.waitFor();
    // Keyboard only: "Refund from" (the payee's wallet by default), arrow to the deposit address.
    await dialog.getByRole('radio', { name: /^The payee’s wallet/ }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /^The deposit address/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Refund address').focus(); // amount empty: all the forwarder holds above the payment
    await page.keyboard.type(payer.address);
    await checkA11y(page);
    await screenshot(page, 'dashboard-forwarder-refund-dialog');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // "Create refund"
    await dialog
      .getByText('Signed with the payee’s wallet')
      .waitFor({ timeout: 30000 })
      .catch(async (e: Error) => {
        throw new Error(`${e.message}\ndialog: ${await dialog.innerText()}\nwallet: ${JSON.stringify(wallet.calls.map((c) => c.method))}`);
      });
    await dialog.locator('[data-field="refund-status"]', { hasText: 'confirmed' }).waitFor({ timeout: 60000 });
    await dialog.getByText(`Refund of 2.0 fUSDC-sepolia to ${payer.address} created.`).waitFor();
    expect(wallet.callsOf('eth_signTypedData_v4')).toHaveLength(1); // signed, nothing sent by the payee's wallet
    expect(wallet.callsOf('eth_sendTransaction')).toHaveLength(0);
    expect(await payer.tokenBalance(chain.tokens.USDC, payer.address)).toBe(before + 2_000_000n);
    const refunds = await page.evaluate(
      async (id) =>
        ((await (await fetch(`/v2/request/${id}/refunds`)).json()) as { refunds: { source: string; status: string }[] }).refunds,
      invoice.requestId,
    );
    expect(refunds).toMatchObject([{ source: 'deposit_forwarder', status: 'confirmed' }]);
    await checkA11y(page); // at 390 px
    await page.setViewportSize(DESKTOP);
    await checkA11y(page);
    await screenshot(page, 'dashboard-forwarder-refund-confirmed'); // 390 and 1280 px
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
