import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FROM_STACK = { DATABASE_URL: 'databaseUrl', REDIS_URL: 'redisUrl' } as const;

/**
 * The operator CLI finds the platform `npm start` runs on this machine: in the `local`
 * environment (PAYRAIL_ENV unset or `local`), DATABASE_URL and REDIS_URL that are unset are taken
 * from `.local/stack.json` (PAYRAIL_LOCAL_DIR, else `.local` under the working directory, which
 * `npm run admin` sets to the repository root), the file tools/devstack writes once the platform is
 * up. Fills `env` in place and answers the sentence to print on stderr, or undefined when nothing
 * was taken (another environment, both variables set, no stack file). Runs before the
 * configuration is validated, so a stack file that names no URL leaves the usual error.
 */
export function useLocalStack(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  if ((env.PAYRAIL_ENV ?? 'local') !== 'local') return undefined;
  const unset = (Object.keys(FROM_STACK) as (keyof typeof FROM_STACK)[]).filter((name) => !env[name]);
  if (unset.length === 0) return undefined;
  const path = join(env.PAYRAIL_LOCAL_DIR ?? join(cwd, '.local'), 'stack.json');
  let stack: Record<string, unknown>;
  try {
    stack = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return `admin: ${path} is unreadable (${(error as Error).message}); not using it`;
  }
  const taken = unset.filter((name) => {
    const value = stack[FROM_STACK[name]];
    if (typeof value !== 'string' || value.length === 0) return false;
    env[name] = value;
    return true;
  });
  if (taken.length === 0) return undefined;
  const started = typeof stack.startedAt === 'string' ? `, started ${stack.startedAt}` : '';
  return `admin: using ${taken.join(' and ')} of the local platform from ${path} (npm start${started})`;
}
