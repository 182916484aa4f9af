import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { freePort, startApp, waitFor, type AppHandle, type AppName } from '@payrail/devstack';
import { startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { selfSignedCertificate, TestSmtpServer } from '@payrail/test-support/mail/smtp-server.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';

const secret = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** An RPC endpoint whose URL path holds the provider key, forwarding to the local chain until told to fail. */
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

// payments-api, auth-api and chain-worker run as processes with every kind of provider key set: an
// RPC URL with its key in the path, TRON_API_KEY (TronGrid, a stand-in here) and an SMTP password the
// relay refuses. The flow makes each provider fail once. No log line, error body or /metrics
// answer holds any of the keys; TronGrid received the key in its header.
describe('provider keys stay out of logs, error bodies and metrics', () => {
  const keys = { rpc: secret('rpckey'), tron: `${randomBytes(16).toString('hex')}-tron`, smtp: secret('smtp-pw-') };
  const logs: string[] = [];
  const metrics: string[] = [];
  const bodies: string[] = [];
  let grid: FakeTronGrid;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    const rpc = await keyedRpc(testStack().chain.rpcUrl, keys.rpc);
    grid = await startFakeTronGrid();
    // A relay that refuses the password (and offers no STARTTLS: local mode sends AUTH in clear to it).
    smtp = new TestSmtpServer(
      await freePort(),
      selfSignedCertificate(),
      { user: 'payrail', password: 'not-the-configured-one' },
      { noStartTls: true },
    );
    await smtp.start();
    const env = appEnv(await createTestDatabase(), uniqueName('provider-keys'), {
      RATE_LIMIT_MULTIPLIER: '100',
      LOG_BUFFER_BYTES: '0',
      RPC_URL_SEPOLIA: rpc.url,
      TRON_API_URL: grid.url,
      TRON_API_KEY: keys.tron,
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_USER: 'payrail',
      SMTP_PASSWORD: keys.smtp,
      MAIL_RETRY_ATTEMPTS: '2',
      MAIL_RETRY_BASE_MS: '100',
    });
    const tenant = await createTenantIn(env);
    const apps: AppHandle[] = [];
    const start = async (name: AppName) => {
      const file = join(testStack().dir, `${uniqueName(name)}.log`);
      logs.push(file);
      apps.push(await startApp(name, { port: await freePort(), env, output: { file } }));
      return apps.at(-1)!;
    };
    try {
      const [payments, auth, chain] = await Promise.all([start('payments-api'), start('auth-api'), start('chain-worker')]);
      // The RPC provider fails while a payout reads the payer's balances.
      rpc.fail(true);
      const payout = await fetch(`${payments.url}/v2/payouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': tenant.apiKey.apiKey },
        body: JSON.stringify({
          payee: Wallet.createRandom().address,
          amount: '5',
          invoiceCurrency: 'fUSDC-sepolia',
          paymentCurrency: 'fUSDC-sepolia',
          payerWallet: Wallet.createRandom().address,
        }),
      });
      bodies.push(`${payout.status} ${await payout.text()}`);
      rpc.fail(false);
      // The SMTP relay refuses the password: the mail job fails (twice), the registration does not.
      const register = await fetch(`${auth.url}/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${secret('owner.')}@example.com`, password: secret('pw-') }),
      });
      bodies.push(`${register.status} ${await register.text()}`);
      // TronGrid is down, then up: detection polls it with its key.
      grid.mode = 'down';
      await waitFor('chain-worker to call TronGrid', () => Promise.resolve(grid.requests.length > 0 ? true : undefined), 60000);
      grid.mode = 'up';
      await waitFor('the refused mail to be logged', () =>
        Promise.resolve(readFileSync(logs[1], 'utf8').includes('attempts spent') ? true : undefined),
      );
      for (const app of [payments, auth, chain]) metrics.push(await (await fetch(app.metricsUrl)).text());
    } finally {
      await Promise.all(apps.map((a) => a.stop()));
      rpc.close();
      await smtp.stop();
      await grid.close();
    }
  }, 240000);

  it('sent TRON_API_KEY to TronGrid in its header, and the SMTP password to the relay (which refused it)', () => {
    expect(grid.requests.length).toBeGreaterThan(0);
    expect(grid.requests.every((r) => r.apiKey === keys.tron)).toBe(true);
    expect(smtp.delivered).toEqual([]);
  });

  it.each(Object.keys(keys))('never writes the %s key to a log, an error body or /metrics', (name) => {
    const key = keys[name as keyof typeof keys];
    const texts = { logs: logs.map((f) => readFileSync(f, 'utf8')).join('\n'), bodies: bodies.join('\n'), metrics: metrics.join('\n') };
    expect(texts.logs.length).toBeGreaterThan(0);
    expect(Object.entries(texts).filter(([, text]) => text.includes(key))).toEqual([]);
  });

  it('did make each provider fail (the checks above saw the failures)', () => {
    const text = logs.map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(bodies[0]).toMatch(/^503 /);
    expect(bodies[1]).toMatch(/^201 /);
    expect(text).toContain('verification mail not accepted');
  });
});
