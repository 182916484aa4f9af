import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_MAILBOX_CONTEXT } from '../../apps/auth-api/src/auth/mail/log-mail-transport.js';
import type { OutboxMail } from '../../apps/auth-api/src/auth/mail/outbox-mail-transport.js';
import { waitFor } from '@payrail/devstack';
import { testStack, uniqueName } from './stack.js';

/** A fresh directory for auth-api's `outbox` mail transport, and the env that selects it. */
export function mailOutbox(): { dir: string; env: Record<string, string> } {
  const dir = join(testStack().dir, uniqueName('mail'));
  return { dir, env: { MAIL_TRANSPORT: 'outbox', MAIL_OUTBOX_DIR: dir } };
}

/** Every mail in the outbox sent to `to` (case-insensitive), oldest first. */
export async function mailsTo(dir: string, to: string): Promise<OutboxMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const mails = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMail));
  return mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The token of the latest verification mail to `to`; throws when there is none. */
export async function latestVerificationToken(dir: string, to: string): Promise<string> {
  const mail = (await mailsTo(dir, to)).at(-1);
  if (!mail) throw new Error(`no verification mail to ${to} in ${dir}`);
  return mail.token;
}

const post = (url: string, body: object, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Verifies the e-mail of an account registered on auth-api at `authUrl` with the latest token the outbox received for it. */
export async function verifyEmailOf(authUrl: string, outboxDir: string, email: string): Promise<void> {
  const verified = await post(`${authUrl}/v1/auth/verify-email`, { token: await latestVerificationToken(outboxDir, email.trim()) });
  if (verified.status !== 200) throw new Error(`verify-email answered ${verified.status}: ${await verified.text()}`);
}

/** Registers an e-mail account on auth-api at `authUrl` and verifies it through the outbox (as its owner would). */
export async function registerVerified(
  authUrl: string,
  outboxDir: string,
  account: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<void> {
  const registered = await post(`${authUrl}/v1/auth/register`, account, headers);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  await verifyEmailOf(authUrl, outboxDir, account.email);
}

/** A `LocalMailbox` log line (MAIL_TRANSPORT=log, PAYRAIL_ENV=local) and the token it carries. */
export interface LoggedVerification {
  line: string;
  token: string;
}

/** The verification token lines auth-api has written to its log file so far, oldest first. */
export async function loggedVerifications(logFile: string): Promise<LoggedVerification[]> {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    if (!line.includes(`"context":"${LOCAL_MAILBOX_CONTEXT}"`)) return [];
    const token = /POST \/v1\/auth\/verify-email \{\\"token\\":\\"(evt_[A-Za-z0-9_-]{43})\\"\}/.exec(line)?.[1];
    return token ? [{ line, token }] : [];
  });
}

/** Waits (up to 10 s) until the log file holds `count` verification token lines and answers them. */
export async function waitForLoggedVerifications(logFile: string, count = 1): Promise<LoggedVerification[]> {
  return waitFor(
    `${count} verification token line(s) in ${logFile}`,
    async () => {
      const found = await loggedVerifications(logFile);
      return found.length >= count ? found : undefined;
    },
    10000,
    50,
  );
}
