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

  it('validates the durability settings (issue #22) and defaults them to the documented schedule and limits', () => {
    const local = validateEnv(WebhookWorkerEnv, base);
    expect([local.WEBHOOK_EXTENDED_DELAYS_MS, local.WEBHOOK_EXTENDED_HORIZON_SECONDS, local.WEBHOOK_DISABLE_AFTER_SECONDS]).toEqual([
      '60000,300000,1800000,7200000,18000000,36000000',
      259200,
      432000,
    ]);
    expect([local.WEBHOOK_ENDPOINT_MAX_CONCURRENCY, local.WEBHOOK_RECOVERY_MAX_PER_SECOND, local.WEBHOOK_ENDPOINT_MAX_PER_SECOND]).toEqual([
      50, 250, 0,
    ]);
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, WEBHOOK_EXTENDED_DELAYS_MS: '1m,5m' })).toThrow(/WEBHOOK_EXTENDED_DELAYS_MS/);
    // Issue #29: no endpoint default above its share of the process's slots (25% of 200: 50), refused at boot.
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, WEBHOOK_ENDPOINT_MAX_CONCURRENCY: '51' })).toThrow(
      /WEBHOOK_ENDPOINT_MAX_CONCURRENCY: must be at most 50/,
    );
    expect(
      validateEnv(WebhookWorkerEnv, { ...base, WEBHOOK_ENDPOINT_MAX_CONCURRENCY: '100', WEBHOOK_MAX_ENDPOINT_SHARE: '50' })
        .WEBHOOK_ENDPOINT_MAX_CONCURRENCY,
    ).toBe(100);
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, WEBHOOK_MAX_ENDPOINT_SHARE: '0' })).toThrow(/WEBHOOK_MAX_ENDPOINT_SHARE/);
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, WEBHOOK_RECOVER_WINDOW_DAYS: '365' })).toThrow(/WEBHOOK_RECOVER_WINDOW_DAYS/);
    expect(() => validateEnv(WebhookWorkerEnv, { ...base, WEBHOOK_EXTENDED_JITTER_PERCENT: '150' })).toThrow(
      /WEBHOOK_EXTENDED_JITTER_PERCENT/,
    );
  });
});
