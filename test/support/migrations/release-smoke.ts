import { Contract, Wallet } from 'ethers';
import type { AppHandle } from '@payrail/devstack';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '../payments-api/chain-payer.js';
import { createOrchestratorIn, createTenantIn } from '../tenants.js';
import { testStack } from '../stack.js';
import { TestReceiver } from '../webhook-worker/receiver.js';

const ORIGIN = 'https://shop.example';
const TOKEN = 'fUSDC-sepolia';

export interface ReleaseApps {
  payments: AppHandle;
  auth: AppHandle;
  chainWorker: AppHandle;
  webhookWorker: AppHandle;
}

/** How the steps list notes a route the release does not serve yet (newer than it). */
export const NOT_SERVED = '(not in this release)';

/** A smoke step that did not answer what every release since the baseline answers; `done` holds the steps passed before it. */
export class SmokeStepFailed extends Error {
  constructor(
    message: string,
    readonly done: string[],
  ) {
    super(message);
  }
}

/**
 * What every release must still do on a schema migrated past it, over real HTTP and the local
 * chain, one step per table family: a platform webhook endpoint (auth-api), a payout paid on chain,
 * detected and settled (chain-worker) and delivered as payment.confirmed (webhook-worker), an
 * invoice, a secure payment read by its page, the requests list and the payments search, and an
 * orchestrator's link intent. Only request fields every release since the baseline accepts; a route the
 * release does not document yet (it came later) is noted in the steps, not called. Throws
 * SmokeStepFailed naming the first step that failed; answers the steps done.
 */
export async function releaseSmoke(apps: ReleaseApps, env: Record<string, string>): Promise<string[]> {
  const chain = testStack().chain;
  const [tenant, orchestrator, receiver] = await Promise.all([
    createTenantIn(env, { allowedOrigins: [ORIGIN] }),
    createOrchestratorIn(env),
    TestReceiver.start(),
  ]);
  const payer = new ChainPayer(chain.rpcUrl, Wallet.createRandom().privateKey);
  const done: string[] = [];
  const platform = { 'x-api-key': tenant.apiKey.apiKey };
  const document = (await (await fetch(`${apps.payments.url}/docs-json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  /** Whether the release serves `method route` (its own OpenAPI document): a route newer than the release is noted, not called. */
  const serves = (method: string, route: string): boolean => document.paths[route]?.[method.toLowerCase()] !== undefined;
  async function call<T>(step: string, app: AppHandle, method: string, path: string, headers: Record<string, string>, body?: object) {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 300)
      throw new SmokeStepFailed(`smoke step "${step}": ${app.name} ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`, done);
    if (!done.includes(step)) done.push(step);
    return JSON.parse(text) as T;
  }
  /** Polls `probe` (every 100 ms, up to 20 s: an upper bound, a healthy release takes about a second). */
  async function until(step: string, probe: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 20000;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new SmokeStepFailed(`smoke step "${step}": not done within 20 s`, done);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    done.push(step);
  }
  try {
    await setEtherBalance(chain.rpcUrl, payer.address, 10n ** 18n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(payer.address, 10n ** 9n)) as { wait(): Promise<unknown> }).wait();

    await call(
      'platform webhook endpoint',
      apps.auth,
      'POST',
      '/v1/webhook',
      { ...platform, 'x-client-id': tenant.client.clientId },
      {
        url: receiver.url('/platform'),
      },
    );
    const payee = Wallet.createRandom().address;
    const payout = await call<{ requestId: string; transactions: ApiTransaction[] }>(
      'payout',
      apps.payments,
      'POST',
      '/v2/payouts',
      platform,
      {
        payee,
        amount: '3.5',
        invoiceCurrency: TOKEN,
        paymentCurrency: TOKEN,
        payerWallet: payer.address,
      },
    );
    await payer.submit(payout.transactions);
    await until('settlement by chain-worker', async () => {
      const status = await call<{ status: string }>('payout status', apps.payments, 'GET', `/v2/request/${payout.requestId}`, platform);
      return status.status === 'paid';
    });
    await until('payment.confirmed delivered by webhook-worker', () =>
      Promise.resolve(receiver.received.some((r) => r.body.includes(payout.requestId))),
    );

    if (serves('POST', '/v2/request')) {
      const invoice = await call<{ requestId: string }>('invoice', apps.payments, 'POST', '/v2/request', platform, {
        amount: '12',
        payee,
        invoiceCurrency: TOKEN,
        paymentCurrency: TOKEN,
      });
      await call('invoice status', apps.payments, 'GET', `/v2/request/${invoice.requestId}`, platform);
    } else done.push(`invoice ${NOT_SERVED}`);
    const secure = await call<{ token: string }>('secure payment', apps.payments, 'POST', '/v2/secure-payments', platform, {
      requests: [{ payee, amount: '7.25', invoiceCurrency: TOKEN, paymentCurrency: TOKEN }],
    });
    await call('secure payment page', apps.payments, 'GET', `/v2/secure-payments/${secure.token}`, {
      'x-client-id': tenant.client.clientId,
      origin: ORIGIN,
    });
    await call('requests list', apps.payments, 'GET', '/v2/requests', platform);
    if (serves('GET', '/v2/payments')) {
      const found = await call<{ payments: { request: { requestId: string } }[] }>(
        'payments search',
        apps.payments,
        'GET',
        `/v2/payments?requestId=${payout.requestId}`,
        platform,
      );
      if (!found.payments.some((p) => p.request.requestId === payout.requestId))
        throw new SmokeStepFailed(
          `smoke step "payments search": the settled payout is not found: ${JSON.stringify(found).slice(0, 300)}`,
          done.slice(0, -1),
        );
    } else done.push(`payments search ${NOT_SERVED}`);
    const intent = await call<{ intentId: string }>(
      'link intent',
      apps.payments,
      'POST',
      '/v2/orchestrators/link-intents',
      { 'x-orchestrator-key': orchestrator.orchestratorKey },
      { externalId: 'smoke' },
    );
    if (serves('GET', '/v2/orchestrators/link-intents/{intentId}'))
      await call('link intent page', apps.payments, 'GET', `/v2/orchestrators/link-intents/${intent.intentId}`, {});
    else done.push(`link intent page ${NOT_SERVED}`);
    return done;
  } finally {
    payer.close();
    await receiver.close();
  }
}
