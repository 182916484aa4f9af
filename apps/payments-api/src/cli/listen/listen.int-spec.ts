import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import { WebhookReceiver } from '@payrail/webhook-receiver';
import { ORIGIN, PAYMENT, type SecurePaymentsApi, startSecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

const cli = () => join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');

// `npm run -s admin -- listen --forward-to URL`: the built CLI follows the events API of a running
// payments-api (found through .local/stack.json, as `npm start` writes it) and forwards real events.
describe('admin listen: local forwarder of the events API', () => {
  let s: SecurePaymentsApi;
  let receiver: TestReceiver;
  let cwd: string;
  let child: ChildProcess | undefined;
  let stdout = '';
  let token: string;

  const userEvent = (userEvent: string) =>
    s.p.call('POST', `/v2/secure-payments/${token}/events`, { userEvent }, { 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const waitForOutput = async (pattern: RegExp, timeoutMs = 30000): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = stdout.match(pattern);
      if (match) return match;
      if (Date.now() > deadline) throw new Error(`no ${pattern} in the forwarder's output: ${stdout}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    receiver = await TestReceiver.start();
    token = (await s.create({ requests: [PAYMENT] })).body.token;
    cwd = await mkdtemp(join(tmpdir(), 'payrail-listen-'));
    await mkdir(join(cwd, '.local'));
    const stack = {
      paymentsApiUrl: s.p.api.url,
      demo: { apiKey: s.p.tenant.apiKey.apiKey },
      chains: {},
      startedAt: new Date().toISOString(),
    };
    await writeFile(join(cwd, '.local', 'stack.json'), JSON.stringify(stack));
  }, 60000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver?.close();
    await s?.p.close();
    await rm(cwd, { recursive: true, force: true });
  });

  it('forwards the events produced after it started, once each, signed with the secret it printed, as real deliveries are', async () => {
    expect((await userEvent('wallet_connected')).status).toBe(202); // before the forwarder: not forwarded
    child = spawn(process.execPath, [cli(), 'listen', '--forward-to', receiver.url('/hook'), '--interval-ms', '200'], {
      cwd,
      env: { PATH: process.env.PATH ?? '' },
    });
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const secret = (await waitForOutput(/Signing secret for this session: (whsec_\S+)/))[1];
    expect(stdout).toContain(`forwarding the events of ${s.p.api.url} to ${receiver.url('/hook')}`);

    expect((await userEvent('payment_sent_to_wallet')).status).toBe(202);
    expect((await userEvent('payment_approved_in_wallet')).status).toBe(202);
    const received = await receiver.waitFor(2);
    const verifier = new WebhookReceiver({ secret, require: 'both' });
    const verified = received.map((r) => verifier.verify(r.body, r.headers));
    expect(verified.map((v) => (v.ok ? v.event.userEvent : v.reason))).toEqual(['payment_sent_to_wallet', 'payment_approved_in_wallet']);

    // The body is the delivered payload as the events API lists it; the sequence header is the event id.
    const listed = (await s.p.call<{ data: { id: string; payload: object }[] }>('GET', '/v2/events?limit=2')).body.data.reverse();
    expect(received.map((r) => r.body)).toEqual(listed.map((e) => JSON.stringify(e.payload)));
    expect(received.map((r) => r.headers['x-payrail-event-sequence'])).toEqual(listed.map((e) => e.id));
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(2);

    // Polls go on without forwarding anything twice; SIGTERM ends it cleanly.
    await waitForOutput(new RegExp(`secure_payment\\.user_event {2}event ${listed[1].id} {2}delivery \\S+ {2}-> 200`));
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(2);
    expect(stdout.match(/-> 200/g)).toHaveLength(2);
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('follows a platform that has no event yet (no `after=0`, which the API refuses), with its key from PAYRAIL_API_KEY', async () => {
    const fresh = await createTenant(s.p.api.app, { allowedOrigins: [ORIGIN] });
    let stderr = '';
    stdout = '';
    child = spawn(process.execPath, [cli(), 'listen', '--forward-to', receiver.url('/fresh'), '--interval-ms', '100'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', PAYRAIL_API_KEY: fresh.apiKey.apiKey },
    });
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForOutput(/Signing secret for this session/);
    const created = await s.create({ requests: [PAYMENT] }, { 'x-api-key': fresh.apiKey.apiKey });
    expect(created.status).toBe(201);
    const sent = await s.p.call(
      'POST',
      `/v2/secure-payments/${created.body.token}/events`,
      { userEvent: 'wallet_connected' },
      { 'x-client-id': fresh.client.clientId, origin: ORIGIN },
    );
    expect(sent.status).toBe(202);
    await waitForOutput(/secure_payment\.user_event {2}event \d+ {2}delivery \S+ {2}-> 200/);
    expect(receiver.received.filter((r) => r.path === '/fresh')).toHaveLength(1);
    expect(stderr).not.toContain('events API');
    expect(stderr).not.toContain('--api-key');
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('warns that --api-key shows the key to anyone running ps (PAYRAIL_API_KEY does not)', async () => {
    const run = spawn(process.execPath, [cli(), 'listen', '--api-key', 'prk_visible'], { cwd, env: { PATH: process.env.PATH ?? '' } });
    let stderr = '';
    run.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await new Promise((resolve) => run.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('warning: --api-key puts the key on the command line');
  });

  it('refuses to start without --forward-to (exit 2, says what is missing)', async () => {
    const run = spawn(process.execPath, [cli(), 'listen'], { cwd, env: { PATH: process.env.PATH ?? '' } });
    let stderr = '';
    run.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    expect(await new Promise((resolve) => run.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('--forward-to URL is required');
  });
});
