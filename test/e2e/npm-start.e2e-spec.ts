import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANVIL_ACCOUNTS, freePort, isPortBusy, repoRoot, waitFor, type StackFile } from '@payrail/devstack';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { invoiceWalkthroughScript, runWalkthrough, walkthroughScript } from '@payrail/test-support/readme-walkthrough.js';
import { notLoopbackOnly } from '@payrail/test-support/listening-sockets.js';

// `npm start` as a developer runs it (after the build): its own Postgres, Redis and anvil,
// contracts, migrations, demo tenant, four apps; Ctrl-C (SIGINT) leaves nothing behind.
describe('npm start: the whole platform on this machine', () => {
  let dir: string;
  let child: ChildProcess;
  let output = '';
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'payrail-start-'));
    await chmod(dir, 0o755);
    for (const name of [
      'PAYMENTS_API_PORT',
      'AUTH_API_PORT',
      'WEBHOOK_WORKER_PORT',
      'CHAIN_WORKER_PORT',
      'ANVIL_PORT',
      'POSTGRES_PORT',
      'REDIS_PORT',
      'PAYMENT_PAGE_PORT',
      'DASHBOARD_PORT',
      'INBOX_SMTP_PORT',
      'INBOX_PORT',
    ])
      ports[name] = await freePort();
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PAYRAIL_LOCAL_DIR: dir };
    for (const [k, v] of Object.entries(ports)) env[k] = String(v);
    child = spawn(process.execPath, [join(repoRoot(), 'dist', 'tools', 'devstack', 'src', 'start-cli.js')], { cwd: repoRoot(), env });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor('stack.json', () => Promise.resolve(existsSync(join(dir, 'stack.json')) ? true : undefined), 120000, 250).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      },
    );
    // The banner is printed right after stack.json is written; its bytes may reach this pipe a moment later.
    await waitFor('the banner', () => Promise.resolve(output.includes('Payrail is running.') ? true : undefined), 10000, 50).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      },
    );
  }, 150000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('writes stack.json with the URLs, the local chain and the demo tenant', () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    expect(stack.paymentsApiUrl).toBe(`http://127.0.0.1:${ports.PAYMENTS_API_PORT}`);
    expect(stack.authApiUrl).toBe(`http://127.0.0.1:${ports.AUTH_API_PORT}`);
    expect(stack.chains.sepolia?.chainId).toBe(11155111);
    expect(Object.keys(stack.chains.sepolia?.contracts ?? {})).toEqual(expect.arrayContaining(['ERC20FeeProxy', 'EthereumFeeProxy']));
    expect(Object.keys(stack.chains.sepolia?.tokens ?? {})).toEqual(expect.arrayContaining(['USDC', 'USDT', 'DAI', 'FAU']));
    // The demo Client ID allows the payment page's origin (5173 unless PAYMENT_PAGE_PORT moves it).
    expect(stack.demo).toMatchObject({ origin: `http://localhost:${ports.PAYMENT_PAGE_PORT}` });
    expect(stack.paymentPageUrl).toBe(`http://localhost:${ports.PAYMENT_PAGE_PORT}`);
    expect(stack.dashboardUrl).toBe(`http://localhost:${ports.DASHBOARD_PORT}`);
    expect(output).toContain(stack.paymentPageUrl);
    expect(output).toContain(stack.dashboardUrl);
    expect(stack.demo.apiKey).toMatch(/^prk_/);
    expect(stack.demo.clientId).toMatch(/^cli_/);
    expect(stack.demo.backendClientId).toMatch(/^cli_/);
    expect(stack.demo.orchestratorKey).toMatch(/^pok_/);
    expect(output).toContain('Payrail is running.');
    expect(output).toContain(stack.demo.apiKey);
  });

  it('brings up all four apps healthy', async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    for (const url of [
      `${stack.paymentsApiUrl}/health/ready`,
      `${stack.authApiUrl}/health/ready`,
      stack.webhookWorkerHealthUrl,
      stack.chainWorkerHealthUrl,
    ]) {
      expect((await fetch(url)).status).toBe(200);
    }
  });

  it('listens on 127.0.0.1 only: the APIs, their metrics and the browser apps are not reachable from the LAN', async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    const metrics = Object.values(stack.metricsUrls).map((url) => Number(new URL(url).port));
    const names = ['PAYMENTS_API_PORT', 'AUTH_API_PORT', 'WEBHOOK_WORKER_PORT', 'CHAIN_WORKER_PORT', 'PAYMENT_PAGE_PORT', 'DASHBOARD_PORT'];
    const wanted = [...names.map((name) => ports[name]), ...metrics];
    expect(metrics).toHaveLength(4);
    // Each listening socket's local address (the kernel's table), and a connect to the LAN address if any.
    expect(await notLoopbackOnly(wanted)).toEqual([]);
  });

  it("serves both browser apps: a secure payment's securePaymentUrl opens the page, the dashboard proxies the APIs", async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    const created = await fetch(`${stack.paymentsApiUrl}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': stack.demo.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [{ payee: stack.demo.payeeAddress, amount: '1', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
      }),
    });
    expect(created.status).toBe(201);
    const { token, securePaymentUrl } = (await created.json()) as { token: string; securePaymentUrl: string };
    // The link carries the demo platform's Client ID the page calls the API with.
    expect(securePaymentUrl).toMatch(new RegExp(`^${stack.paymentPageUrl}/pay/${token}\\?clientId=`));
    const page = await fetch(securePaymentUrl);
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('<div id="root"></div>')]);
    const config = (await (await fetch(`${stack.paymentPageUrl}/config.json`)).json()) as { paymentsApiUrl: string; networks: unknown[] };
    expect(config).toMatchObject({ paymentsApiUrl: stack.paymentsApiUrl, networks: [{ network: 'sepolia', chainId: 11155111 }] });
    const dashboard = await fetch(`${stack.dashboardUrl}/payments`);
    expect([dashboard.status, await dashboard.text()]).toEqual([200, expect.stringContaining('<title>Payrail dashboard</title>')]);
    const session = await fetch(`${stack.dashboardUrl}/v1/auth/session`);
    expect([session.status, await session.json()]).toEqual([401, expect.objectContaining({ statusCode: 401, error: 'Unauthorized' })]);
  });

  it('prints a ready-to-pay demo link that the injected wallet of the demo payer pays in Chromium to "Payment complete"', async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    const link = stack.demo.paymentLink;
    expect(link).toMatch(new RegExp(`^${stack.paymentPageUrl}/pay/[0-9A-Z]{26}\\?clientId=`));
    expect(output).toContain(`demo link      ${link}`);
    const chain = stack.chains.sepolia;
    const browser = await launchBrowser();
    try {
      const { page, errors } = await openPage(browser);
      await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: stack.demo.payerAddress });
      await page.goto(link);
      await page.getByRole('button', { name: 'Connect wallet' }).click();
      await page.getByRole('button', { name: 'Pay 10 fUSDC' }).click();
      await page.getByRole('status').filter({ hasText: 'Payment complete' }).waitFor({ timeout: 30000 });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 90000);

  it('signs in with the demo login at once: it is created verified and owns the demo platform', async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    expect(stack.demo.dashboardEmail).toMatch(/^demo\.[0-9a-f]{8}@payrail\.test$/);
    expect(output).toContain(stack.demo.dashboardPassword);
    const login = await fetch(`${stack.authApiUrl}/v1/auth/login?bearer=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: stack.demo.dashboardEmail, password: stack.demo.dashboardPassword }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({
      kind: 'email',
      platformId: stack.demo.platformId,
      user: { email: stack.demo.dashboardEmail },
    });
    // In the printed dashboard, the same login shows the demo platform's payments (the demo link's 10 fUSDC request).
    const browser = await launchBrowser();
    try {
      const { page } = await openPage(browser);
      await page.goto(stack.dashboardUrl);
      await page.getByLabel('Email', { exact: true }).fill(stack.demo.dashboardEmail);
      await page.getByLabel('Password', { exact: true }).fill(stack.demo.dashboardPassword);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
      await page.getByRole('row').filter({ hasText: '10 fUSDC' }).first().waitFor();
    } finally {
      await browser.close();
    }
  }, 60000);

  it('signs in with the demo wallet (anvil account 4, injected) onto the demo platform and lists its Client ID under Developers', async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    const demoWallet = ANVIL_ACCOUNTS[4];
    expect(stack.demo).toMatchObject({ dashboardWallet: demoWallet.address, dashboardWalletKey: demoWallet.privateKey });
    expect(stack.demo.dashboardWalletAccount).toContain('anvil account 4');
    expect(output).toContain(`"Sign in with wallet" as ${demoWallet.address}`);
    // No other part of the stack spends from it.
    expect([stack.demo.payerAddress, stack.demo.payeeAddress]).not.toContain(demoWallet.address);
    const chain = stack.chains.sepolia;
    const browser = await launchBrowser();
    try {
      const { page } = await openPage(browser);
      const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: demoWallet.address });
      await page.goto(stack.dashboardUrl);
      await page.getByRole('button', { name: 'Sign in with wallet' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Developers', exact: true }).click();
      await page.getByRole('row').filter({ hasText: stack.demo.clientId }).waitFor();
      await page.getByRole('row').filter({ hasText: stack.demo.backendClientId }).waitFor();
      // The SIWE message names the dashboard it was signed on.
      const [signed] = wallet.callsOf('personal_sign');
      expect(Buffer.from(((signed?.params as string[])[0] ?? '').slice(2), 'hex').toString('utf8')).toMatch(
        new RegExp(`^localhost:${ports.DASHBOARD_PORT} wants you to sign in`),
      );
    } finally {
      await browser.close();
    }
  }, 60000);

  it("runs the README's first payment in five calls as written: webhook, payout, payment, paid request, delivered event", async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    const run = await runWalkthrough(walkthroughScript(readFileSync(join(repoRoot(), 'README.md'), 'utf8'), await freePort()), dir);
    expect([run.code, run.out]).toEqual([0, expect.any(String)]);
    const { pick } = run;
    const webhook = pick('secret');
    expect(webhook).toMatchObject({ id: expect.any(String), secret: expect.stringMatching(/^whsec_/) });
    const payout = pick('transactions') as { requestId: string; transactions: unknown[] };
    expect(payout.transactions).toHaveLength(1);
    const txHash = (pick('jsonrpc') as { result: string }).result;
    const request = run.last('request');
    expect(request).toMatchObject({
      requestId: payout.requestId,
      status: 'paid',
      hasBeenPaid: true,
      txHash,
      payee: stack.demo.payeeAddress,
    });
    const history = run.last('deliveries') as { data: Record<string, unknown>[] };
    expect(history.data).toEqual([
      expect.objectContaining({
        eventType: 'payment.confirmed',
        status: 'succeeded',
        payload: expect.objectContaining({ requestId: payout.requestId, txHash }),
      }),
    ]);
    // The receiver printed the delivered body.
    expect(run.answers).toContainEqual(expect.stringContaining(`"event":"payment.confirmed","requestId":"${payout.requestId}"`));
  }, 90000);

  it("runs the README's first invoice in five calls as written: invoice, routes, transactions, payment, paid record with payments[]", async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    const run = await runWalkthrough(invoiceWalkthroughScript(readFileSync(join(repoRoot(), 'README.md'), 'utf8')), dir);
    expect([run.code, run.out]).toEqual([0, expect.any(String)]);
    const { pick } = run;
    const created = pick('paymentReference') as { requestId: string; paymentReference: string };
    expect(created).toEqual({
      requestId: expect.stringMatching(/^01[0-9a-f]{64}$/),
      paymentReference: expect.stringMatching(/^0x[0-9a-f]{16}$/),
    });
    const routes = pick('routes') as { routes: { id: string; chain: string; token: string }[] };
    expect(routes.routes[0]).toMatchObject({ id: 'REQUEST_NETWORK_PAYMENT', chain: 'SEPOLIA', token: 'fUSDC' });
    const pay = pick('transactions') as { transactions: unknown[] };
    const sent = run.answers.filter((line) => line.includes('"jsonrpc"')).map((line) => (JSON.parse(line) as { result: string }).result);
    expect(sent).toHaveLength(pay.transactions.length);
    const record = run.last('invoice');
    expect(record).toMatchObject({
      requestId: created.requestId,
      paymentReference: created.paymentReference,
      status: 'paid',
      hasBeenPaid: true,
      txHash: sent.at(-1),
      payee: stack.demo.payeeAddress,
      invoiceCurrency: 'USD',
      invoiceAmount: '12.5',
      reference: 'INV-0001',
      payments: [expect.objectContaining({ txHash: sent.at(-1), payer: stack.demo.payerAddress })],
    });
  }, 90000);

  it('verifies an account created in the dashboard through the printed local inbox (SMTP to MailDev), then signs it in', async () => {
    const stack = JSON.parse(readFileSync(join(dir, 'stack.json'), 'utf8')) as StackFile;
    expect(stack.inboxUrl).toBe(`http://127.0.0.1:${ports.INBOX_PORT}`);
    expect(output).toMatch(new RegExp(`inbox +${stack.inboxUrl}`));
    const email = `newcomer.${Date.now()}@example.com`;
    const password = 'newcomer password';
    const browser = await launchBrowser();
    try {
      const { page } = await openPage(browser);
      await page.goto(stack.dashboardUrl);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(`Open the link in the e-mail we sent to ${email}`).waitFor();

      // The printed inbox is a web page (for a browser); its REST API shows the mail auth-api sent over SMTP.
      const inboxPage = await fetch(stack.inboxUrl, { headers: { accept: 'text/html' } });
      expect([inboxPage.status, inboxPage.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
      const mail = await waitFor('the verification mail in the local inbox', async () => {
        const mails = (await (await fetch(`${stack.inboxUrl}/api/email`)).json()) as {
          to: { address: string }[];
          html: string;
          subject: string;
        }[];
        return mails.find((m) => m.to.some((to) => to.address === email));
      });
      expect(mail.subject).toBe('Confirm your e-mail address for Payrail');
      const link = /href="([^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&') ?? '';
      expect(link).toMatch(new RegExp(`^${stack.dashboardUrl}/#verify-email=evt_`));

      await page.goto(link);
      await page.getByRole('button', { name: 'Confirm my e-mail address' }).click();
      await page.getByText('E-mail address confirmed').waitFor();
    } finally {
      await browser.close();
    }
    const login = await fetch(`${stack.authApiUrl}/v1/auth/login?bearer=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ kind: 'email', user: { email } });
  }, 90000);

  it('stops everything it started on Ctrl-C (SIGINT)', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    for (const [name, port] of Object.entries(ports)) {
      expect([name, await isPortBusy(port)]).toEqual([name, false]);
    }
    // Postgres and anvil keep their data under the stack's directory: no process may still name it.
    const left = spawnSync('pgrep', ['-af', dir], { encoding: 'utf8' });
    expect(left.stdout.trim()).toBe('');
  }, 60000);
});
