import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { IsEncryptionKeyList } from '../config/encryption-key-list.js';
import type { BaseEnv } from '../config/env.js';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

/** The webhook variables, read by libs through `webhookSettings(env)`. */
export interface WebhookEnvFields {
  WEBHOOK_ENCRYPTION_KEYS?: string;
  WEBHOOK_TEST_WAIT_MS: number;
}

/**
 * Adds the webhook variables to an app's env schema (payments-api, auth-api, webhook-worker).
 * WEBHOOK_ENCRYPTION_KEYS is a secret: `kid:base64,...`, required outside PAYRAIL_ENV=local.
 */
export function WithWebhookEnv<TBase extends Ctor<BaseEnv>>(Base: TBase) {
  class WebhookEnv extends Base implements WebhookEnvFields {
    @IsEncryptionKeyList() WEBHOOK_ENCRYPTION_KEYS?: string;

    /** APIs: how long a test-fire waits for its deliveries' first attempt before counting them failed. */
    @Type(() => Number) @IsInt() @Min(1000) @Max(60000) WEBHOOK_TEST_WAIT_MS: number = 8000;
  }
  return WebhookEnv;
}

export interface WebhookSettings {
  encryptionKeys: string | undefined;
  testWaitMs: number;
  production: boolean;
  queuePrefix: string;
  redisUrl: string;
}

/** The webhook part of a validated app config (an env class built with WithWebhookEnv). */
export function webhookSettings(env: BaseEnv): WebhookSettings {
  const fields = env as BaseEnv & Partial<WebhookEnvFields>;
  return {
    encryptionKeys: fields.WEBHOOK_ENCRYPTION_KEYS,
    testWaitMs: fields.WEBHOOK_TEST_WAIT_MS ?? 8000,
    production: env.PAYRAIL_ENV === 'production',
    queuePrefix: env.QUEUE_PREFIX,
    redisUrl: env.REDIS_URL,
  };
}
