import { randomBytes } from 'node:crypto';
import { validateEnv } from '@payrail/platform';
import { WebhookWorkerEnv } from './webhook-worker.env.js';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('webhook-worker configuration', () => {
  it('refuses to start outside local without WEBHOOK_ENCRYPTION_KEYS, or with a malformed one, naming it', () => {
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, PAYRAIL_ENV: 'production' })).toThrow(
      /WEBHOOK_ENCRYPTION_KEYS: is required outside PAYRAIL_ENV=local/,
    );
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, PAYRAIL_ENV: 'staging', WEBHOOK_ENCRYPTION_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /WEBHOOK_ENCRYPTION_KEYS: key "k1" must be 32 bytes/,
    );
  });

  it('accepts a key list in production and runs on the public development key locally', () => {
    const keys = `k2:${randomBytes(32).toString('base64')},k1:${randomBytes(32).toString('base64')}`;
    expect(
      validateEnv(WebhookWorkerEnv, { ...base, PAYRAIL_ENV: 'production', WEBHOOK_ENCRYPTION_KEYS: keys }).WEBHOOK_ENCRYPTION_KEYS,
    ).toBe(keys);
    const local = validateEnv(WebhookWorkerEnv, base);
    expect(local.WEBHOOK_ENCRYPTION_KEYS).toBeUndefined();
    expect([local.WEBHOOK_DELIVERY_CONCURRENCY, local.WEBHOOK_FANOUT_CONCURRENCY, local.WEBHOOK_JOB_LOCK_MS]).toEqual([200, 50, 30000]);
  });
});
