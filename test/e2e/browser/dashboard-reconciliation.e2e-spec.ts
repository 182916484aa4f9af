import { createDataSource, sqlExecute } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import type { DataSource } from 'typeorm';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { DESKTOP, openPage, PHONE } from '@payrail/test-support/browser/chromium.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import type { WebApps } from '@payrail/test-support/browser/web-apps.js';
import { payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { uniqueName } from '@payrail/test-support/stack.js';
import { startDashboardStack, type DashboardStack } from '@payrail/test-support/dashboard/dashboard-stack.js';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

// The Reconciliation screen (issue #36) in Debian's Chromium against the real auth-api,
// payments-api and chain-worker (detection, settlement and the reconciliation leader) on a private
// anvil with Request Network's published ERC20FeeProxy: the suite's chain is shared, and its clock
// may have been moved ahead by other files, while a run's window ends now. An invoice paid on the
// chain and settled, "Run now" (keyboard) is followed to completion: 0 discrepancies. Then its
// transfer row is deleted from the ledger by SQL, "Run now" again: the missing_in_ledger
// discrepancy with its transaction hash, log index, block and the chain's side. axe clean;
// screenshots at 390 and 1280 px.
describe('dashboard reconciliation (Chromium, real chain-worker on a private anvil)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let stack: DashboardStack | undefined;
  let web: WebApps;
  let browser: Browser;
  let db: DataSource;
  const account = { email: `${uniqueName('rec')}@example.com`.toLowerCase(), password: 'correct horse battery staple' };

  beforeAll(async () => {
    chain = await startPrivateChain();
    stack = await startDashboardStack({
      name: 'drec',
      account,
      env: {
        RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
        CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
        CHAIN_CONFIRMATIONS: 'sepolia:0',
        DETECTION_POLL_INTERVAL_MS: '100',
        RECONCILIATION_POLL_INTERVAL_MS: '200',
        RECONCILIATION_NIGHTLY_AT: 'off', // only the runs this test starts
        RECURRING_ENABLED: 'false',
      },
      alsoStart: ['chain-worker'],
      webChain: chain.anvil,
    });
    ({ browser, web } = stack);
    db = createDataSource(stack.databaseUrl, 1);
    await db.initialize();
  }, 180000);
  afterAll(async () => {
    await db?.destroy();
    await stack?.stop();
    await chain?.stop();
  });

  /** "Run now" with the keyboard (focus, Enter), then the run followed on the screen until it completed; answers its id. */
  async function runNow(page: Page): Promise<string> {
    const before = new URL(page.url()).searchParams.get('run');
    await page.getByRole('form', { name: 'Run a reconciliation now' }).getByRole('button', { name: 'Run now' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => ULID.test(url.searchParams.get('run') ?? '') && url.searchParams.get('run') !== before);
    await page.locator('[data-field="run-progress"][data-status="completed"]').waitFor({ timeout: 30000 });
    return new URL(page.url()).searchParams.get('run')!;
  }

  it('a paid invoice reconciles to 0 discrepancies; with its transfer deleted from the ledger, "Run now" shows it missing_in_ledger with its evidence', async () => {
    const { page, errors } = await openPage(browser, DESKTOP);
    await page.goto(web.dashboard.url);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();

    // An invoice of the platform (session, same origin), paid through the fee proxy with its reference, settled by the chain-worker.
    const payee = Wallet.createRandom().address;
    const invoice = await page.evaluate(async (to) => {
      const body = JSON.stringify({ payee: to, amount: '10', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' });
      const res = await fetch('/v2/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      return (await res.json()) as { requestId: string; paymentReference: string };
    }, payee);
    const usdc = chain.deployment.tokens.USDC;
    const paid = await payWithReference(chain.provider, chain.deployment, {
      token: usdc.address,
      payee,
      amount: 10n * 10n ** BigInt(usdc.decimals),
      reference: invoice.paymentReference,
    });
    const statusOf = () =>
      page.evaluate(async (id) => ((await (await fetch(`/v2/requests/${id}`)).json()) as { status: string }).status, invoice.requestId);
    for (let attempt = 0; attempt < 80 && (await statusOf()) !== 'paid'; attempt++) await page.waitForTimeout(250);
    expect(await statusOf()).toBe('paid');

    await nav.getByRole('link', { name: 'Reconciliation', exact: true }).click();
    await page.getByRole('heading', { name: 'Reconciliation', level: 1 }).waitFor();
    const runs = page.getByRole('table', { name: 'Runs on sepolia' });
    await runs.getByText('No run on this network yet').waitFor();
    const form = page.getByRole('form', { name: 'Run a reconciliation now' });
    expect(await form.getByLabel('Network').inputValue()).toBe('sepolia');
    expect(await form.getByLabel('Window').inputValue()).toBe('24h');
    await checkA11y(page);
    await screenshot(page, 'dashboard-reconciliation-empty');

    // A clean ledger: the run reads the payment's log and the ledger's transfer, and finds nothing.
    const clean = await runNow(page);
    const progress = page.locator('[data-field="run-progress"]');
    expect(await progress.innerText()).toBe('Completed. Discrepancies: 0.');
    expect(await progress.getAttribute('role')).toBe('status');
    const facts = page.locator('dl.facts');
    const fact = (term: string) => facts.locator(`dt:text-is("${term}") + dd`);
    expect(await fact('Payment logs on the chain').innerText()).toBe('1');
    expect(await fact('Transfers in the ledger').innerText()).toBe('1');
    expect(await fact('Scope').innerText()).toBe('Your payments');
    const discrepancies = page.getByRole('table', { name: 'Discrepancies' });
    await discrepancies.getByText('No discrepancies: the ledger matches the chain in this window.').waitFor();
    const cleanRow = runs.getByRole('row').filter({ has: page.locator(`a[href$="run=${clean}"]`) });
    await cleanRow.getByText('completed').waitFor();
    expect((await cleanRow.locator('[data-field="discrepancy-total"]').innerText()).trim()).toBe('0');
    expect(await cleanRow.innerText()).toContain('Run now (you)');
    await checkA11y(page);
    await screenshot(page, 'dashboard-reconciliation-clean');

    // The ledger loses the transfer (a restore from an old backup, say): the run finds the chain's log missing in the ledger.
    expect(await sqlExecute(db, 'DELETE FROM payment_transfers WHERE lower(tx_hash) = lower($1)', [paid.txHash])).toBe(1);
    const tampered = await runNow(page);
    expect(await progress.innerText()).toBe('Completed. Discrepancies: 1.');
    expect(await fact('Payment logs on the chain').innerText()).toBe('1');
    expect(await fact('Transfers in the ledger').innerText()).toBe('0');
    const missing = discrepancies.getByRole('row').filter({ hasText: 'missing_in_ledger' });
    const cells = await missing.getByRole('cell').allInnerTexts();
    expect(cells[0]).toContain('missing_in_ledger');
    expect(cells[1]).toBe(`${invoice.requestId.slice(0, 12)}…`);
    expect(cells[2]).toBe(paid.txHash);
    expect(cells[3]).toMatch(/^\d+$/); // the log index the chain answered (the fee proxy's log follows the token's Transfer)
    expect(cells[4]).toBe(String(paid.blockNumber));
    expect(cells[5]).toMatch(/Amount \(base units\)\s*10000000\b/);
    expect(cells[5].toLowerCase()).toContain(payee.toLowerCase());
    expect(cells[6]).toBe('Not in the ledger');
    const tamperedRow = runs.getByRole('row').filter({ has: page.locator(`a[href$="run=${tampered}"]`) });
    await tamperedRow.getByText('completed').waitFor();
    expect(await tamperedRow.innerText()).toMatch(/missing_in_ledger: 1/);
    expect((await tamperedRow.locator('[data-field="discrepancy-total"]').innerText()).trim()).toBe('1');
    expect(await tamperedRow.getAttribute('aria-current')).toBe('true');
    await checkA11y(page); // at 1280 px
    await page.setViewportSize(PHONE);
    await checkA11y(page);
    await screenshot(page, 'dashboard-reconciliation-discrepancy');
    await page.setViewportSize(DESKTOP);

    // The run is in the URL: a reload shows it again; "Show" on the clean run (keyboard) opens that one.
    await page.reload();
    await discrepancies.getByRole('row').filter({ hasText: paid.txHash }).waitFor();
    await cleanRow.getByRole('link', { name: /^Show the run of .* on sepolia$/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('run') === clean);
    await discrepancies.getByText('No discrepancies: the ledger matches the chain in this window.').waitFor();
    expect(await progress.innerText()).toBe('Completed. Discrepancies: 0.');
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  }, 240000);
});
