import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { freePort, waitFor } from '@payrail/devstack';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import { DASHBOARD, json, sessionCookie, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';
import { selfSignedCertificate, TestSmtpServer, type DeliveredMail } from '@payrail/test-support/mail/smtp-server.js';
import { testStack, uniqueName } from '@payrail/test-support/stack.js';

const KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
const ACCOUNT = { user: 'payrail-relay', password: 'smtp relay password 9f2c' };
let n = 0;
const email = () => `smtp${++n}.${Date.now()}@example.com`;

/** The token of the verification link in a delivered mail's HTML, as the dashboard reads it from the link. */
function linkedToken(mail: DeliveredMail): { link: URL; token: string } {
  const href = /href="([^"]+)"/.exec(String(mail.parsed.html))?.[1];
  if (!href) throw new Error('no link in the mail');
  const link = new URL(href.replace(/&amp;/g, '&'));
  const token = /^#verify-email=(evt_[A-Za-z0-9_-]{43})$/.exec(link.hash)?.[1];
  if (!token) throw new Error(`no token in the link ${link.toString()}`);
  return { link, token };
}

describe('SMTP mail (MAIL_TRANSPORT=smtp) against a real SMTP server with AUTH and STARTTLS', () => {
  const tls = selfSignedCertificate();
  const caFile = join(testStack().dir, `${uniqueName('smtp-ca')}.pem`);
  writeFileSync(caFile, tls.cert);
  const servers: TestSmtpServer[] = [];
  const apis: InProcessApi[] = [];
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.close()));
    await Promise.all(servers.map((s) => s.stop()));
  });

  /** auth-api in PAYRAIL_ENV=staging (STARTTLS required) sending to 127.0.0.1:`port`, trusting the test CA. */
  async function authApi(port: number, extra: Record<string, string> = {}): Promise<InProcessApi> {
    const { apis: started } = await startAuthApi(1, {
      PAYRAIL_ENV: 'staging',
      WEBHOOK_ENCRYPTION_KEYS: KEYS,
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_USER: ACCOUNT.user,
      SMTP_PASSWORD: ACCOUNT.password,
      SMTP_CA_FILE: caFile,
      MAIL_FROM: 'Payrail <no-reply@payrail.test>',
      MAIL_RETRY_BASE_MS: '200',
      ...extra,
    });
    apis.push(...started);
    return started[0];
  }
  const server = async (options: { noStartTls?: boolean } = {}, port?: number) => {
    const s = new TestSmtpServer(port ?? (await freePort()), tls, ACCOUNT, options);
    servers.push(s);
    return s;
  };

  it('delivers the verification mail (text and HTML, over STARTTLS, authenticated); its link leads to a verified sign-in', async () => {
    const smtp = await server();
    await smtp.start();
    const api = await authApi(smtp.port);
    const address = email();
    expect((await fetch(`${api.url}/v1/auth/register`, json({ email: address, password: 'owner password' }))).status).toBe(201);

    const mail = await smtp.mailTo(address);
    expect(mail).toMatchObject({ user: ACCOUNT.user, secure: true, envelopeTo: [address] });
    expect(mail.parsed.subject).toBe('Confirm your e-mail address for Payrail');
    expect(mail.parsed.from?.value).toEqual([{ address: 'no-reply@payrail.test', name: 'Payrail' }]);
    const { link, token } = linkedToken(mail);
    expect(link.origin).toBe(DASHBOARD);
    expect(mail.parsed.text).toContain(link.toString());
    expect(mail.parsed.html).toContain('Confirm my e-mail address');

    const login = () => fetch(`${api.url}/v1/auth/login`, json({ email: address, password: 'owner password' }));
    expect((await login()).status).toBe(403);
    // What the dashboard's sign-in screen does with the link's token when its owner clicks "Confirm".
    const verified = await fetch(`${api.url}/v1/auth/verify-email`, json({ token }));
    expect(await verified.json()).toEqual({ status: 'verified' });
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    expect(sessionCookie(signedIn)).toBeDefined();
  });

  it('sends the resend mail with its own words and a new token', async () => {
    const smtp = await server();
    await smtp.start();
    const api = await authApi(smtp.port);
    const address = email();
    await fetch(`${api.url}/v1/auth/register`, json({ email: address, password: 'owner password' }));
    const first = linkedToken(await smtp.mailTo(address)).token;
    expect((await fetch(`${api.url}/v1/auth/verify-email/resend`, json({ email: address }))).status).toBe(202);
    const resent = await waitForSecond(smtp, address);
    expect(resent.parsed.text).toContain('You asked for a new link');
    expect(linkedToken(resent).token).not.toBe(first);
  });

  it('answers the registration while the SMTP server is down, then delivers the same token once it is up (queued retries)', async () => {
    const port = await freePort();
    const api = await authApi(port);
    const address = email();
    const registered = await fetch(`${api.url}/v1/auth/register`, json({ email: address, password: 'patient owner' }));
    expect(registered.status).toBe(201);

    // Only now does the server exist: the answer did not wait for it, the queue retries until it is there.
    const smtp = await server({}, port);
    expect(smtp.delivered).toEqual([]);
    await smtp.start();
    const mail = await smtp.mailTo(address);
    const { token } = linkedToken(mail);
    expect((await fetch(`${api.url}/v1/auth/verify-email`, json({ token }))).status).toBe(200);
    expect((await fetch(`${api.url}/v1/auth/login`, json({ email: address, password: 'patient owner' }))).status).toBe(200);
    expect(smtp.delivered.filter((m) => m.envelopeTo.includes(address))).toHaveLength(1);
  });

  it('outside PAYRAIL_ENV=local, never sends to a server that does not offer STARTTLS (the password would go in clear)', async () => {
    const plain = await server({ noStartTls: true });
    await plain.start();
    const prefix = uniqueName('auth-mail');
    const api = await authApi(plain.port, { MAIL_RETRY_ATTEMPTS: '2', QUEUE_PREFIX: prefix });
    const address = email();
    expect((await fetch(`${api.url}/v1/auth/register`, json({ email: address, password: 'owner password' }))).status).toBe(201);
    const queue = new Queue('mail', { connection: { url: testStack().redisUrl }, prefix });
    try {
      const [failed] = await waitFor('the mail job to fail for good', async () => {
        const jobs = await queue.getFailed();
        if (jobs.length === 0) throw new Error(JSON.stringify(await queue.getJobCounts()));
        return jobs;
      });
      expect(failed.attemptsMade).toBe(2);
      expect(failed.failedReason).toMatch(/STARTTLS/i);
    } finally {
      await queue.close();
    }
    // The same server gets the mail of a local auth-api (opportunistic TLS): the refusal is the TLS rule.
    const local = await authApi(plain.port, { PAYRAIL_ENV: 'local' });
    const other = email();
    await fetch(`${local.url}/v1/auth/register`, json({ email: other, password: 'owner password' }));
    await plain.mailTo(other);
    expect(plain.delivered.map((m) => m.envelopeTo)).toEqual([[other]]);
  });
});

function waitForSecond(smtp: TestSmtpServer, to: string): Promise<DeliveredMail> {
  return waitFor(`a second mail to ${to}`, () => Promise.resolve(smtp.delivered.filter((m) => m.envelopeTo.includes(to))[1]));
}
