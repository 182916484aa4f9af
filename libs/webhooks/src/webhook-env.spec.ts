import { BaseEnv, validateEnv } from '@payrail/platform';
import { webhookSettings, WithWebhookEnv } from './webhook-env.js';

class Env extends WithWebhookEnv(BaseEnv) {}
const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('webhook settings (WithWebhookEnv)', () => {
  it('defaults to a 24 h rotation overlap, 20 endpoints per owner, 5 per host and 10 test fires a minute', () => {
    expect(webhookSettings(validateEnv(Env, base))).toMatchObject({
      rotationOverlapSeconds: 86400,
      maxEndpointsPerOwner: 20,
      maxEndpointsPerHost: 5,
      testFiresPerMinute: 10,
    });
  });

  it('takes configured values, 0 overlap included', () => {
    const env = validateEnv(Env, {
      ...base,
      WEBHOOK_SECRET_OVERLAP_SECONDS: '0',
      WEBHOOK_MAX_ENDPOINTS_PER_OWNER: '3',
      WEBHOOK_MAX_ENDPOINTS_PER_HOST: '2',
      WEBHOOK_TEST_FIRES_PER_MINUTE: '1',
    });
    expect(webhookSettings(env)).toMatchObject({
      rotationOverlapSeconds: 0,
      maxEndpointsPerOwner: 3,
      maxEndpointsPerHost: 2,
      testFiresPerMinute: 1,
    });
  });

  it.each([
    ['WEBHOOK_SECRET_OVERLAP_SECONDS', '604801'],
    ['WEBHOOK_SECRET_OVERLAP_SECONDS', '-1'],
    ['WEBHOOK_SECRET_OVERLAP_SECONDS', '1.5'],
    ['WEBHOOK_MAX_ENDPOINTS_PER_OWNER', '0'],
    ['WEBHOOK_MAX_ENDPOINTS_PER_HOST', 'five'],
    ['WEBHOOK_TEST_FIRES_PER_MINUTE', '601'],
  ])('refuses to start with %s=%s, naming it', (name, value) => {
    expect(() => validateEnv(Env, { ...base, [name]: value })).toThrow(new RegExp(name));
  });
});
