import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { createDataSource, sqlExecute } from '@payrail/persistence';
import { freePort, startApp, type AppHandle, type AppName } from '@payrail/devstack';
import { sendMarkedRoutes } from '@payrail/test-support/log-secrets-routes.js';
import { waitForLoggedVerifications } from '@payrail/test-support/mail-outbox.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';

const ORIGIN = 'https://shop.example';
const secret = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** An RPC endpoint whose URL holds a provider key, forwarding to the local chain until told to fail. */
async function keyedRpc(upstream: string, key: string): Promise<{ url: string; fail: (on: boolean) => void; close: () => void }> {
  let failing = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== `/v2/${key}` || failing) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('provider unavailable');
        return;
      }
      void fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
        .then(async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()))
        .catch(() => res.writeHead(502).end());
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/v2/${key}`, fail: (on) => (failing = on), close: () => server.close() };
}

// A full run of payments-api and auth-api as processes, their logs in files: payouts, a secure
// payment read with ?wallet=, a payer looked up by clientUserId, a webhook registration with a
// capability URL, a database error with a secret-looking parameter, an RPC failure with the
// provider key in the RPC URL, registration, e-mail verification and login. Afterwards no log line
// holds any secret, key, wallet address, e-mail, session token, payment token or RPC key used.
// One exception, by design: in PAYRAIL_ENV=local (this run) the e-mail verification token is
// printed on the `LocalMailbox` logger (the local stand-in for the mail), and on that line only.
describe('logs of a full run hold none of the secrets, keys, wallets or e-mails it used', () => {
  const logs: string[] = [];
  const used: Record<string, string> = {};
  /** Every secret header and every body field of every documented route, sent with a marker value. */
  let marked: Record<string, string> = {};
  let rpc: Awaited<ReturnType<typeof keyedRpc>>;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    used.rpcKey = secret('rpckey');
    rpc = await keyedRpc(testStack().chain.rpcUrl, used.rpcKey);
    const env = appEnv(databaseUrl, uniqueName('logs'), {
      RATE_LIMIT_MULTIPLIER: '100',
      RPC_URL_SEPOLIA: rpc.url,
      LOG_BUFFER_BYTES: '0',
      FAILED_AUTH_MAX_PER_IP: '10000', // every route is also sent with invalid credentials below
    });
    const tenant = await createTenantIn(env, { allowedOrigins: [ORIGIN] });
    used.apiKey = tenant.apiKey.apiKey;
    used.apiKeySecretPart = tenant.apiKey.apiKey.slice(-24);

    // Postgres refuses this e-mail at insert: the register call below fails inside the database.
    const db = createDataSource(databaseUrl, 1);
    await db.initialize();
    await sqlExecute(db, `ALTER TABLE users ADD CONSTRAINT test_refuses_marked_emails CHECK (email NOT LIKE '%dbfail%')`);
    await db.destroy();

    const apps: AppHandle[] = [];
    const start = async (name: AppName) => {
      const file = join(testStack().dir, `${uniqueName(name)}.log`);
      logs.push(file);
      apps.push(await startApp(name, { port: await freePort(), env, output: { file } }));
      return apps.at(-1)!.url;
    };
    try {
      const [payments, auth] = await Promise.all([start('payments-api'), start('auth-api')]);
      await runFlow(payments, auth, tenant.client.clientId, logs.at(-1)!);
    } finally {
      await Promise.all(apps.map((a) => a.stop())); // flushes the logs
      rpc.close();
    }
  }, 180000);

  async function runFlow(payments: string, auth: string, clientId: string, authLog: string): Promise<void> {
    const json = (headers: Record<string, string> = {}) => ({ 'content-type': 'application/json', ...headers });
    const asBackend = json({ 'x-api-key': used.apiKey });
    used.payee = Wallet.createRandom().address;
    used.payerWallet = Wallet.createRandom().address;
    used.pageWallet = Wallet.createRandom().address;

    const payout = await fetch(`${payments}/v2/payouts`, {
      method: 'POST',
      headers: asBackend,
      body: JSON.stringify({ payee: used.payee, amount: '5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }),
    });
    expect(payout.status).toBe(201);

    const created = await fetch(`${payments}/v2/secure-payments`, {
      method: 'POST',
      headers: asBackend,
      body: JSON.stringify({
        requests: [{ payee: used.payee, amount: '7', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
      }),
    });
    expect(created.status).toBe(201);
    used.paymentToken = ((await created.json()) as { token: string }).token;
    const page = await fetch(`${payments}/v2/secure-payments/${used.paymentToken}?wallet=${used.pageWallet}`, {
      headers: { 'x-client-id': clientId, origin: ORIGIN, referer: `${ORIGIN}/pay/${used.paymentToken}` },
    });
    expect(page.status).toBe(200);

    used.clientUserId = secret('cuid-');
    used.payerEmail = `${secret('payer')}@example.com`;
    const identity = { clientUserId: used.clientUserId, email: used.payerEmail, firstName: 'Ada', lastName: 'Lovelace' };
    const address = { addressLine1: '12 Analytical Street', city: 'London', state: 'Greater London', postcode: 'NW1 6XE', country: 'GB' };
    const person = { beneficiaryType: 'individual', dateOfBirth: '1990-12-10', nationality: 'GB', phone: '+447700900123' };
    const payer = await fetch(`${payments}/v2/payer`, {
      method: 'POST',
      headers: asBackend,
      body: JSON.stringify({ ...identity, ...address, ...person }),
    });
    expect(payer.status).toBe(200);
    expect((await fetch(`${payments}/v2/payer/${used.clientUserId}`, { headers: asBackend })).status).toBe(200);

    // The RPC provider fails: the payer's balances cannot be read, the error is logged.
    rpc.fail(true);
    const unread = await fetch(`${payments}/v2/payouts`, {
      method: 'POST',
      headers: asBackend,
      body: JSON.stringify({
        payee: used.payee,
        amount: '5',
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        payerWallet: used.payerWallet,
      }),
    });
    expect(unread.status).toBeLessThan(600);
    rpc.fail(false);

    used.email = `${secret('ada.')}@example.com`;
    used.password = secret('pw-');
    const account = JSON.stringify({ email: used.email, password: used.password });
    expect((await fetch(`${auth}/v1/auth/register`, { method: 'POST', headers: json(), body: account })).status).toBe(201);
    // The developer's "mail": the token line of the local log, then the verification itself.
    used.verificationToken = (await waitForLoggedVerifications(authLog))[0].token;
    const verified = await fetch(`${auth}/v1/auth/verify-email`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ token: used.verificationToken }),
    });
    expect(verified.status).toBe(200);
    const login = await fetch(`${auth}/v1/auth/login`, { method: 'POST', headers: json(), body: account });
    expect(login.status).toBe(200);
    used.sessionToken = decodeURIComponent(login.headers.getSetCookie()[0].split(';')[0].split('=')[1]);
    const session = { cookie: login.headers.getSetCookie()[0].split(';')[0], origin: ORIGIN };

    used.webhookCapability = secret('hook-');
    const hook = await fetch(`${auth}/v1/webhook`, {
      method: 'POST',
      headers: json({ 'x-client-id': clientId, 'x-api-key': used.apiKey, ...session }),
      body: JSON.stringify({ url: `https://127.0.0.1:9/hooks/${used.webhookCapability}` }),
    });
    expect(hook.status).toBe(201);
    used.webhookSecret = ((await hook.json()) as { secret: string }).secret;

    used.dbFailingEmail = `sk_live_dbfail_${secret('')}@example.com`;
    const failing = await fetch(`${auth}/v1/auth/register`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ email: used.dbFailingEmail, password: used.password }),
    });
    expect(failing.status).toBe(500); // the database refused it: logged as an unexpected error

    // A payer's wallet proof on the page routes that take one (the header is redacted, not the route).
    used.walletProof = secret('proof');
    const proven = await fetch(`${payments}/v2/secure-payments/${used.paymentToken}?wallet=${used.pageWallet}`, {
      headers: { 'x-client-id': clientId, origin: ORIGIN, 'x-wallet-proof': used.walletProof, 'x-wallet-proof-timestamp': '1' },
    });
    expect(proven.status).toBeLessThan(500);

    // Then every route of both documents, with every secret header and every body field marked.
    const credentials = { 'x-api-key': used.apiKey, 'x-client-id': clientId, origin: ORIGIN, authorization: `Bearer ${used.sessionToken}` };
    marked = {
      ...(await sendMarkedRoutes('payments-api', payments, credentials)),
      ...(await sendMarkedRoutes('auth-api', auth, credentials)),
    };
  }

  const lines = () => logs.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean));

  it('wrote the access, RPC failure and database error lines the check reads', () => {
    const all = lines();
    expect(all.filter((l) => l.includes('"route":"/v2/secure-payments/:token"')).length).toBeGreaterThan(0);
    expect(all.filter((l) => l.includes('"route":"/v2/payer/:clientUserId"')).length).toBeGreaterThan(0);
    expect(all.filter((l) => l.includes('QueryFailedError') && l.includes('test_refuses_marked_emails')).length).toBeGreaterThan(0);
    expect(all.filter((l) => l.includes('RPC batch failed') && l.includes('http://127.0.0.1:')).length).toBeGreaterThan(0);
  });

  it('prints the e-mail verification token on one LocalMailbox line only (PAYRAIL_ENV=local), with no e-mail on it', () => {
    const holding = lines().filter((line) => line.includes(used.verificationToken));
    expect(holding).toHaveLength(1);
    expect(JSON.parse(holding[0])).toMatchObject({ context: 'LocalMailbox', level: 30 });
    expect(holding[0].toLowerCase()).not.toContain(used.email.toLowerCase());
  });

  it('no log line holds a secret, key, wallet, e-mail, token or RPC key it used', () => {
    const all = lines();
    // The verification token's own LocalMailbox line is the one allowed place (checked above).
    const allowed = (what: string, line: string) => what === 'verificationToken' && line.includes('"context":"LocalMailbox"');
    const leaks = Object.entries(used).flatMap(([what, value]) => {
      const forms = [value, value.toLowerCase(), encodeURIComponent(value)];
      if (/^0x[0-9a-fA-F]{40}$/.test(value)) forms.push(value.slice(2).toLowerCase()); // an address inside calldata
      const hits = all.filter((line) => !allowed(what, line) && forms.some((form) => line.toLowerCase().includes(form.toLowerCase())));
      return hits.map((line) => `${what}: ${line.slice(0, 400)}`);
    });
    expect(Object.keys(used).length).toBeGreaterThanOrEqual(15);
    expect(leaks).toEqual([]);
  });

  it('no log line holds any secret header or body field of any documented route (derived from the OpenAPI)', () => {
    const all = lines();
    const names = Object.keys(marked);
    for (const header of ['x-api-key', 'x-orchestrator-key', 'x-wallet-proof', 'authorization', 'cookie', 'idempotency-key'])
      expect(names.some((name) => name.endsWith(` header ${header}`))).toBe(true);
    expect(names.filter((name) => / body\./.test(name)).length).toBeGreaterThan(100);
    // The access lines of those requests were written (with their headers, redacted).
    expect(all.filter((l) => l.includes('"x-wallet-proof":"[REDACTED]"')).length).toBeGreaterThan(0);
    const leaks = Object.entries(marked).flatMap(([what, value]) =>
      all.filter((line) => line.toLowerCase().includes(value.toLowerCase())).map((line) => `${what}: ${line.slice(0, 400)}`),
    );
    expect(leaks).toEqual([]);
  });
});
