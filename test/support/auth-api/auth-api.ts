import { ManualClock, startInProcessApi, type InProcessApi } from '../in-process.js';
import { mailOutbox } from '../mail-outbox.js';
import { appEnv, createTestDatabase, uniqueName } from '../stack.js';
import { AuthApiModule } from '../../../apps/auth-api/src/app.module.js';

export const DASHBOARD = 'https://dashboard.payrail.test';

/**
 * auth-api replicas in this process on one test database and Redis namespace, sharing a manual
 * clock and an `outbox` mail transport (`outbox`: its directory, for test/support/mail-outbox.ts);
 * `env` starts other apps on the same database and Redis namespace.
 */
export async function startAuthApi(
  replicas = 1,
  extraEnv: Record<string, string> = {},
): Promise<{ apis: InProcessApi[]; clock: ManualClock; outbox: string; env: Record<string, string> }> {
  const mail = mailOutbox();
  const env = appEnv(await createTestDatabase(), uniqueName('auth'), {
    ...mail.env,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '100',
    SIWE_DOMAIN: 'dashboard.payrail.test',
    SIWE_URI: DASHBOARD,
    DASHBOARD_ORIGINS: DASHBOARD,
    ...extraEnv,
  });
  const clock = new ManualClock();
  const apis: InProcessApi[] = [];
  for (let i = 0; i < replicas; i++) apis.push(await startInProcessApi(AuthApiModule.forRoot(env), { clock }));
  return { apis, clock, outbox: mail.dir, env };
}

/** The `__Host-session_token` value of a response's Set-Cookie header. */
export function sessionCookie(res: Response): string | undefined {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-session_token='));
  return cookie?.split(';')[0]?.slice('__Host-session_token='.length) || undefined;
}

export const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});
