import { freePort, type AppHandle, type StackChain } from '@payrail/devstack';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser/chromium.js';
import { startWebApps, type WebApps } from '../browser/web-apps.js';
import { mailOutbox, registerVerified } from '../mail-outbox.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '../stack.js';

/** What auth-api needs to let the dashboard at `dashboardPort` sign in: its origin (CORS) and the SIWE message's domain and URI. */
export function dashboardOriginEnv(dashboardPort: number): Record<string, string> {
  const origin = `http://localhost:${dashboardPort}`;
  return { DASHBOARD_ORIGINS: origin, SIWE_DOMAIN: `localhost:${dashboardPort}`, SIWE_URI: origin };
}

export interface DashboardStack {
  auth: AppHandle;
  payments: AppHandle;
  /** The further apps asked for (`alsoStart`), in that order. */
  others: AppHandle[];
  browser: Browser;
  web: WebApps;
  /** The mail outbox directory auth-api writes to (verification links). */
  outbox: string;
  /** The apps' database (for a test that tampers with the ledger by SQL). */
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The start the dashboard's browser e2e files share: auth-api and payments-api (plus `alsoStart`)
 * on a fresh database, `account` registered and verified by e-mail, Debian's Chromium, and both
 * web apps in front of the APIs on their own ports (same-origin proxy).
 */
export async function startDashboardStack(opts: {
  name: string;
  account: { email: string; password: string };
  env?: Record<string, string>;
  alsoStart?: ('chain-worker' | 'webhook-worker')[];
  /** The chain the web apps' wallet config reads; the suite's by default (pass a private chain's with its RPC_URL_SEPOLIA in `env`). */
  webChain?: Pick<StackChain, 'rpcUrl' | 'chainId'>;
}): Promise<DashboardStack> {
  const [pagePort, dashboardPort] = [await freePort(), await freePort()];
  const mail = mailOutbox();
  const databaseUrl = await createTestDatabase();
  const env = appEnv(databaseUrl, uniqueName(opts.name), {
    ...mail.env,
    LOG_LEVEL: 'warn',
    ...dashboardOriginEnv(dashboardPort),
    ...opts.env,
  });
  const names = ['auth-api', 'payments-api', ...(opts.alsoStart ?? [])] as const;
  const [apps, browser] = await Promise.all([Promise.all(names.map((name) => startTestApp(name, env))), launchBrowser()]);
  const [auth, payments, ...others] = apps as [AppHandle, AppHandle, ...AppHandle[]];
  await registerVerified(auth.url, mail.dir, opts.account);
  const web = await startWebApps({ paymentsApiUrl: payments.url, authApiUrl: auth.url }, opts.webChain ?? testStack().chain, {
    paymentPage: pagePort,
    dashboard: dashboardPort,
  });
  return {
    auth,
    payments,
    others,
    browser,
    web,
    outbox: mail.dir,
    databaseUrl,
    async stop() {
      await browser.close();
      await web.close();
      await Promise.all(apps.map((app) => app.stop()));
    },
  };
}
