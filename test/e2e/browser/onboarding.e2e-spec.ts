import { ANVIL_ACCOUNTS, freePort, type AppHandle } from '@payrail/devstack';
import { Wallet } from 'ethers';
import type { Browser, Page } from 'playwright-core';
import { checkA11y } from '@payrail/test-support/browser/a11y.js';
import { launchBrowser, openPage } from '@payrail/test-support/browser/chromium.js';
import { injectWallet } from '@payrail/test-support/browser/injected-wallet.js';
import { screenshot } from '@payrail/test-support/browser/screenshots.js';
import { startWebApps, type WebApps } from '@payrail/test-support/browser/web-apps.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';
import { createOrchestratorIn } from '@payrail/test-support/tenants.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';

interface Platform {
  address: string;
  clientIds: string[];
}

// The hosted onboarding page (`onboardingUrl` of a link intent, served by the payment page) in
// Debian's Chromium against real auth-api, payments-api and webhook-worker processes: the platform
// signs in with its (injected EIP-6963) wallet, picks one of its Client IDs and completes the intent,
// and the orchestrator's endpoint receives client_id.linked; another platform's wallet cannot
// complete an intent bound to a Client ID. axe-core on every screen; screenshots at 390 and 1280 px.
describe('hosted onboarding page (Chromium, real auth-api, payments-api and webhook-worker)', () => {
  const chain = testStack().chain;
  const apps: AppHandle[] = [];
  let web: WebApps;
  let browser: Browser;
  let receiver: TestReceiver;
  let orchestrator: { id: string; name: string; orchestratorKey: string };
  let [platformA, platformB]: Platform[] = [];
  let [auth, payments]: AppHandle[] = [];

  /** Signs the platform of an anvil account up through the API (its own sign-in) and gives it Client IDs. */
  async function platformOf(account: (typeof ANVIL_ACCOUNTS)[number], labels: string[]): Promise<Platform> {
    const wallet = new Wallet(account.privateKey);
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${auth.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, string> }));
    const challenge = (await post('/v1/auth/wallet/challenge', { address: wallet.address })).body;
    const signature = await wallet.signMessage(challenge.message);
    const verified = await post('/v1/auth/wallet/verify?bearer=true', {
      challengeId: challenge.challengeId,
      nonce: challenge.nonce,
      message: challenge.message,
      signature,
    });
    expect(verified.status).toBe(200);
    const clientIds: string[] = [];
    for (const label of labels) {
      const created = await post('/v1/client-ids', { label }, { authorization: `Bearer ${verified.body.sessionToken}` });
      expect(created.status).toBe(201);
      clientIds.push(created.body.clientId);
    }
    return { address: wallet.address, clientIds };
  }

  async function createIntent(body: object): Promise<{ intentId: string; onboardingUrl: string }> {
    const res = await fetch(`${payments.url}/v2/orchestrators/link-intents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-orchestrator-key': orchestrator.orchestratorKey },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { intentId: string; onboardingUrl: string };
  }

  const intentStatus = async (intentId: string) =>
    ((await (await fetch(`${payments.url}/v2/orchestrators/link-intents/${intentId}`)).json()) as { status: string }).status;

  async function signIn(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    await page.getByText(/^Signed in as 0x/).waitFor();
  }

  beforeAll(async () => {
    const pagePort = await freePort();
    const pageOrigin = `http://localhost:${pagePort}`;
    const env = appEnv(await createTestDatabase(), uniqueName('onb'), {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
      OUTBOX_POLL_INTERVAL_MS: '20',
      SECURE_PAYMENT_PAGE_URL: `${pageOrigin}/pay`,
      // The dashboard lives elsewhere: the page's sign-in message must name the page (its own origin).
      SIWE_DOMAIN: 'dashboard.payrail.test',
      SIWE_URI: 'https://dashboard.payrail.test',
    });
    [auth, payments] = await Promise.all([startTestApp('auth-api', env), startTestApp('payments-api', env)]);
    apps.push(auth, payments, await startTestApp('webhook-worker', env));
    [web, browser, receiver] = await Promise.all([
      startWebApps({ paymentsApiUrl: payments.url, authApiUrl: auth.url }, chain, { paymentPage: pagePort }),
      launchBrowser(),
      TestReceiver.start(() => ({ status: 200 })),
    ]);
    orchestrator = await createOrchestratorIn(env);
    const hook = await fetch(`${payments.url}/v2/orchestrators/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-orchestrator-key': orchestrator.orchestratorKey },
      body: JSON.stringify({ url: receiver.url('/orchestrator') }),
    });
    expect(hook.status).toBe(201);
    platformA = await platformOf(ANVIL_ACCOUNTS[5], ['Shop EU', 'Shop US']);
    platformB = await platformOf(ANVIL_ACCOUNTS[6], ['Other shop']);
  }, 120000);
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await receiver?.close();
    await Promise.all(apps.map((a) => a.stop()));
  });

  it('the platform signs in with its wallet, picks its Client ID, completes the intent; the orchestrator receives client_id.linked', async () => {
    const intent = await createIntent({ externalId: 'onb-e2e-1' });
    expect(intent.onboardingUrl).toBe(`${web.paymentPage.url}/pay/onboarding/${intent.intentId}`);
    const { page, errors } = await openPage(browser);
    const wallet = await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: platformA.address });
    await page.goto(intent.onboardingUrl);
    await page.getByRole('heading', { name: `Link your account to ${orchestrator.name}`, level: 1 }).waitFor();
    await page.getByText(/^This link expires on /).waitFor();
    await checkA11y(page);
    await screenshot(page, 'onboarding-intent');

    await signIn(page);
    // EIP-4361: the message the wallet signed names the page it was signed on, not the dashboard.
    const [signed] = wallet.callsOf('personal_sign');
    const message = Buffer.from(String((signed.params as string[])[0]).slice(2), 'hex').toString('utf8');
    expect(message.split('\n')[0]).toBe(`${new URL(web.paymentPage.url).host} wants you to sign in with your Ethereum account:`);
    const clientIdField = page.getByLabel('Client ID to link');
    // The platform's Client IDs (auth-api lists them newest first), each by label and id.
    expect((await clientIdField.locator('option').allInnerTexts()).sort()).toEqual(
      ['Shop EU', 'Shop US'].map((label, i) => `${label} (${platformA.clientIds[i]})`),
    );
    await clientIdField.selectOption(platformA.clientIds[1]);
    expect(await page.getByLabel('Payout wallet address').inputValue()).toBe(platformA.address);
    await page.getByLabel('Payout currency').selectOption('fUSDC-sepolia');
    await checkA11y(page);
    await screenshot(page, 'onboarding-form');

    // Keyboard: the submit button is reached and pressed without the mouse.
    const submit = page.getByRole('button', { name: `Link to ${orchestrator.name}` });
    await submit.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Account linked' }).waitFor();
    await page.getByText(`Your Client ID ${platformA.clientIds[1]} is now linked to ${orchestrator.name}.`).waitFor();
    await checkA11y(page);
    await screenshot(page, 'onboarding-linked');

    const delivered = await receiver.waitUntil((r) => r.path === '/orchestrator' && r.body.includes(intent.intentId));
    expect(JSON.parse(delivered.body)).toMatchObject({
      event: 'client_id.linked',
      clientId: platformA.clientIds[1],
      orchestratorId: orchestrator.id,
      intentId: intent.intentId,
      externalId: 'onb-e2e-1',
      destinationWalletAddress: platformA.address,
      currency: 'fUSDC-sepolia',
    });
    expect(await intentStatus(intent.intentId)).toBe('completed');

    // The same URL again: already used, said in a sentence.
    await page.reload();
    await page.getByRole('heading', { name: 'Onboarding link already used' }).waitFor();
    await checkA11y(page);
    await screenshot(page, 'onboarding-already-completed');
    expect(errors).toEqual([]);
  }, 120000);

  it("another platform's wallet cannot complete an intent bound to a Client ID: a sentence, nothing linked", async () => {
    const intent = await createIntent({ externalId: 'onb-e2e-2', clientId: platformA.clientIds[0] });
    const { page } = await openPage(browser);
    await injectWallet(page, { rpcUrl: chain.rpcUrl, chainId: chain.chainId, account: platformB.address });
    await page.goto(intent.onboardingUrl);
    await page.getByText(`This link is for Client ID ${platformA.clientIds[0]} only.`).waitFor();
    await signIn(page);
    await page
      .getByRole('alert')
      .filter({ hasText: `This link is for Client ID ${platformA.clientIds[0]}, which your account does not own.` })
      .waitFor();
    expect(await page.getByRole('button', { name: `Link to ${orchestrator.name}` }).count()).toBe(0);
    await checkA11y(page);
    await screenshot(page, 'onboarding-not-your-client-id');
    expect(await intentStatus(intent.intentId)).toBe('open');
    expect(receiver.received.filter((r) => r.body.includes(intent.intentId))).toEqual([]);
  }, 120000);
});
