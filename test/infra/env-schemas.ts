// The variables each app reads, taken from its env schema (the class validated at boot), so
// the deployment files can be checked against the code instead of against a hand-kept list.
import { getMetadataStorage } from 'class-validator';
import { AuthApiEnv } from '../../apps/auth-api/src/config/auth-api.env.js';
import { ChainWorkerEnv } from '../../apps/chain-worker/src/config/chain-worker.env.js';
import { PaymentsApiEnv } from '../../apps/payments-api/src/config/payments-api.env.js';
import { WebhookWorkerEnv } from '../../apps/webhook-worker/src/config/webhook-worker.env.js';
import type { BaseEnv } from '@payrail/platform';
import type { AppName } from './k8s-checks.js';

export const SCHEMAS: Record<AppName, new () => BaseEnv> = {
  'payments-api': PaymentsApiEnv,
  'auth-api': AuthApiEnv,
  'webhook-worker': WebhookWorkerEnv,
  'chain-worker': ChainWorkerEnv,
};

/**
 * Variables with intentionally no entry in the deployment files (ConfigMap, compose, Secret).
 * Keep each one explained; a variable added to an env schema must be deployed or listed here.
 */
export const NOT_DEPLOYED: Record<string, string> = {
  // Written and read by the local stack only (`npm start`, the tests): `.local/stack.json`.
  CHAIN_DEPLOYMENT_FILE: 'local stack only',
};

/** The web server's variables (apps/web-server WEB_SERVER_ENV_DEFAULTS) with no deployment entry. */
export const WEB_NOT_DEPLOYED: Record<string, string> = {
  // The image's own layout: dist/web/<WEB_APP>; only tests and local experiments point it elsewhere.
  WEB_ROOT: 'the image layout',
};

/**
 * Values the deployment files set on purpose to something other than the schema default
 * (everything else they list must equal the default, so a default changed in code cannot be
 * silently pinned to its old value by a manifest).
 */
export const DEPLOYMENT_SPECIFIC = new Set([
  'NODE_ENV',
  'PAYRAIL_ENV',
  'LOG_LEVEL',
  'QUEUE_PREFIX',
  'DATABASE_URL',
  'REDIS_URL',
  'TRUSTED_PROXIES',
  'DASHBOARD_ORIGINS',
  'PUBLIC_URL',
  'SECURE_PAYMENT_PAGE_URL',
  'SIWE_DOMAIN',
  'SIWE_URI',
  ...['MAINNET', 'BASE', 'OPTIMISM', 'ARBITRUM_ONE', 'MATIC', 'BSC', 'SEPOLIA'].map((n) => `RPC_URL_${n}`),
  'TRON_API_URL',
  // The browser apps: which app, the API bases and proxy targets per environment, the wallet's chains.
  'WEB_APP',
  'PUBLIC_PAYMENTS_API_URL',
  'PUBLIC_AUTH_API_URL',
  'PAYMENTS_API_UPSTREAM',
  'AUTH_API_UPSTREAM',
  'WEB_NETWORKS',
]);

/** Every property of the schema that carries a validation decorator (all of them do). */
export function variablesOf(schema: new () => BaseEnv): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(schema, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

/** A schema's defaults as environment strings: unset is '', lists are comma-joined. */
export function defaultsOf(schema: new () => BaseEnv): Record<string, string> {
  const instance = new schema() as unknown as Record<string, unknown>;
  return Object.fromEntries(
    variablesOf(schema).map((name) => {
      const value = instance[name];
      if (value === undefined) return [name, ''];
      return [name, Array.isArray(value) ? value.join(',') : String(value)];
    }),
  );
}

/** Problems of `listed` (name -> value) against a schema's defaults, ignoring DEPLOYMENT_SPECIFIC. */
export function defaultMismatches(where: string, listed: Record<string, string>, defaults: Record<string, string>): string[] {
  return Object.entries(listed)
    .filter(([name, value]) => name in defaults && !DEPLOYMENT_SPECIFIC.has(name) && value !== defaults[name])
    .map(([name, value]) => `${where}: ${name}=${JSON.stringify(value)} but the default is ${JSON.stringify(defaults[name])}`);
}
