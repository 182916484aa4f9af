import { readFile, writeFile, mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** One local chain as written into `.local/stack.json`. */
export interface StackChain {
  rpcUrl: string;
  chainId: number;
  contracts: Record<string, string>;
  tokens: Record<string, string>;
  tokenDecimals: Record<string, number>;
  feeds: Record<string, string>;
}

/** `.local/stack.json`: how to reach everything `npm start` brought up. */
export interface StackFile {
  paymentsApiUrl: string;
  authApiUrl: string;
  /** The hosted payment page (apps/payment-page); a secure payment opens at `/pay/<token>?clientId=<id>`. */
  paymentPageUrl: string;
  /** The dashboard (apps/dashboard), same-origin with both APIs through its proxy. */
  dashboardUrl: string;
  /** The local inbox (MailDev web UI; REST API under /api): the mails auth-api sent over SMTP. */
  inboxUrl: string;
  webhookWorkerHealthUrl: string;
  chainWorkerHealthUrl: string;
  /** Each app's Prometheus endpoint (on a free port picked at start). */
  metricsUrls: Record<string, string>;
  databaseUrl: string;
  redisUrl: string;
  chains: Record<string, StackChain>;
  demo: Record<string, string>;
  startedAt: string;
}

export async function writeStackFile(path: string, stack: StackFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.tmp`;
  await writeFile(tmp, JSON.stringify(stack, null, 2) + '\n');
  await rename(tmp, path);
}

export async function readStackFile(path: string): Promise<StackFile | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as StackFile;
  } catch {
    return undefined;
  }
}
