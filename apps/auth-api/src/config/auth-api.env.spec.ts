import { ConfigError, validateEnv } from '@payrail/platform';
import { AuthApiEnv } from './auth-api.env.js';

const REQUIRED = { DATABASE_URL: 'postgres://payrail@db/payrail', REDIS_URL: 'redis://redis:6379' };
const KEYS = { WEBHOOK_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` };
const problemsOf = (env: Record<string, string>): string[] => {
  try {
    validateEnv(AuthApiEnv, { ...REQUIRED, ...env });
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('auth-api mail settings', () => {
  it('prints tokens to the log by default only in PAYRAIL_ENV=local, and sends nothing by default elsewhere', () => {
    expect(validateEnv(AuthApiEnv, { ...REQUIRED }).mailTransport()).toBe('log');
    expect(validateEnv(AuthApiEnv, { ...REQUIRED, ...KEYS, PAYRAIL_ENV: 'production' }).mailTransport()).toBe('none');
    expect(validateEnv(AuthApiEnv, { ...REQUIRED, ...KEYS, PAYRAIL_ENV: 'staging' }).mailTransport()).toBe('none');
  });

  it('refuses MAIL_TRANSPORT=log outside local (it would put verification tokens in production logs)', () => {
    expect(problemsOf({ ...KEYS, PAYRAIL_ENV: 'production', MAIL_TRANSPORT: 'log' })).toEqual([
      'MAIL_TRANSPORT: log prints verification tokens to the log: it is allowed only with PAYRAIL_ENV=local',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'log' })).toEqual([]);
  });

  it('needs MAIL_OUTBOX_DIR with the outbox transport, and knows no other transport', () => {
    expect(problemsOf({ MAIL_TRANSPORT: 'outbox' })).toEqual(['MAIL_OUTBOX_DIR: must name a directory when MAIL_TRANSPORT=outbox']);
    expect(problemsOf({ ...KEYS, PAYRAIL_ENV: 'production', MAIL_TRANSPORT: 'outbox', MAIL_OUTBOX_DIR: '/var/mail/payrail' })).toEqual([]);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toHaveLength(1);
  });

  it('defaults the token lifetime to 24 hours and bounds it', () => {
    expect(validateEnv(AuthApiEnv, { ...REQUIRED }).EMAIL_VERIFICATION_TTL_HOURS).toBe(24);
    expect(validateEnv(AuthApiEnv, { ...REQUIRED, EMAIL_VERIFICATION_TTL_HOURS: '2' }).EMAIL_VERIFICATION_TTL_HOURS).toBe(2);
    expect(problemsOf({ EMAIL_VERIFICATION_TTL_HOURS: '0' })).toHaveLength(1);
  });
});
