import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueWebhookSecret } from '@payrail/domain';
import { EventForwarder } from './event-forwarder.js';

type Flags = Record<string, string | string[] | boolean | undefined>;

const flag = (flags: Flags, name: string): string | undefined => {
  const value = flags[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value[0] : undefined;
};

export const LISTEN_USAGE = `  listen --forward-to URL [--api-url URL] [--secret whsec_...] [--interval-ms N]
                               (streams the platform's events from now on, POSTed to URL and signed with a local secret it prints;
                                API URL and key default to the local platform's, from .local/stack.json; the key of another
                                platform goes in PAYRAIL_API_KEY: --api-key KEY still works but shows the key to anyone running ps)`;

export const API_KEY_ON_ARGV_WARNING =
  'warning: --api-key puts the key on the command line, where any user of this machine sees it (ps, /proc); set PAYRAIL_API_KEY instead';

/** What `npm start` wrote about the local platform (.local/stack.json), if anything. */
function localStack(env: NodeJS.ProcessEnv, cwd: string): { paymentsApiUrl?: string; demo?: { apiKey?: string } } {
  try {
    return JSON.parse(readFileSync(join(env.PAYRAIL_LOCAL_DIR ?? join(cwd, '.local'), 'stack.json'), 'utf8')) as {
      paymentsApiUrl?: string;
      demo?: { apiKey?: string };
    };
  } catch {
    return {};
  }
}

/**
 * `npm run -s admin -- listen --forward-to http://localhost:3000/hook`: prints the local signing
 * secret, then one line per forwarded event until Ctrl-C. Answers the exit code.
 */
export async function runListen(flags: Flags, env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  const stack = localStack(env, cwd);
  const forwardTo = flag(flags, 'forward-to');
  const apiUrl = (flag(flags, 'api-url') ?? stack.paymentsApiUrl)?.replace(/\/+$/, '');
  if (flag(flags, 'api-key') !== undefined) console.error(API_KEY_ON_ARGV_WARNING);
  const apiKey = flag(flags, 'api-key') ?? env.PAYRAIL_API_KEY ?? stack.demo?.apiKey;
  const interval = Number(flag(flags, 'interval-ms') ?? 1000);
  const problems = [
    !forwardTo || !URL.canParse(forwardTo) ? '--forward-to URL is required (e.g. http://localhost:3000/hook)' : null,
    !apiUrl ? '--api-url is required (no .local/stack.json: is `npm start` running?)' : null,
    !apiKey ? 'PAYRAIL_API_KEY is required (no .local/stack.json: is `npm start` running?)' : null,
    !Number.isInteger(interval) || interval < 100 || interval > 60000 ? '--interval-ms must be 100-60000' : null,
  ].filter((p): p is string => p !== null);
  if (problems.length > 0) {
    for (const p of problems) console.error(`error: ${p}`);
    return 2;
  }
  const secret = flag(flags, 'secret') ?? issueWebhookSecret();
  const forwarder = new EventForwarder({
    apiUrl: apiUrl!,
    apiKey: apiKey!,
    forwardTo: forwardTo!,
    secret,
    pollIntervalMs: interval,
    log: (line) => console.error(line),
  });
  await forwarder.start();
  console.log(`Ready: forwarding the events of ${apiUrl} to ${forwardTo} (from now on).`);
  console.log(`Signing secret for this session: ${secret}`);
  const stop = () => forwarder.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await forwarder.run(({ event, deliveryId, status, error }) =>
    console.log(`${event.occurredAt}  ${event.type}  event ${event.id}  delivery ${deliveryId}  -> ${status ?? `error: ${error}`}`),
  );
  return 0;
}
