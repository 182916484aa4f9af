import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDatabase, freePort, startApp, type AppHandle, type AppName, type StackChain } from '@payrail/devstack';

/** What the global setup started, as written for the test files. */
export interface TestStackInfo {
  dir: string;
  postgresAdminUrl: string;
  templateDatabase: string;
  redisUrl: string;
  chain: StackChain;
}

export function testStack(): TestStackInfo {
  const file = process.env.PAYRAIL_TEST_STACK_FILE;
  if (!file) throw new Error('PAYRAIL_TEST_STACK_FILE is not set: run the tests through `npm test` (jest global setup)');
  return JSON.parse(readFileSync(file, 'utf8')) as TestStackInfo;
}

export const uniqueName = (prefix: string): string => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** A fresh, migrated database for one test file (cloned from the template in ~100 ms). */
export async function createTestDatabase(): Promise<string> {
  const stack = testStack();
  const name = uniqueName('t');
  await createDatabase(stack.postgresAdminUrl, name, stack.templateDatabase);
  return stack.postgresAdminUrl.replace(/\/postgres$/, `/${name}`);
}

/** Environment for an app under test: its own database and Redis key prefix. */
export function appEnv(databaseUrl: string, queuePrefix: string, extra: Record<string, string> = {}): Record<string, string> {
  const stack = testStack();
  return {
    NODE_ENV: 'test',
    PAYRAIL_ENV: 'local',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: stack.redisUrl,
    QUEUE_PREFIX: queuePrefix,
    RPC_URL_SEPOLIA: stack.chain.rpcUrl,
    CHAIN_DEPLOYMENT_FILE: process.env.PAYRAIL_TEST_STACK_FILE ?? '',
    ...extra,
  };
}

/** Starts a built app on a free port; its output goes to a log file in the test dir. */
export async function startTestApp(name: AppName, env: Record<string, string>): Promise<AppHandle> {
  const port = await freePort();
  const output = join(testStack().dir, `${name}-${port}.log`);
  return startApp(name, { port, env, output: { file: output } });
}
