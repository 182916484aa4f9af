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
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp' })).toEqual([
      'SMTP_HOST: must name the SMTP server (or set SMTP_URL) when MAIL_TRANSPORT=smtp',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'carrier-pigeon' })).toHaveLength(1);
  });

  it('reads the SMTP server from SMTP_URL or SMTP_HOST/PORT/USER/PASSWORD, and checks MAIL_FROM', () => {
    const smtp = (env: Record<string, string>) => validateEnv(AuthApiEnv, { ...REQUIRED, MAIL_TRANSPORT: 'smtp', ...env }).smtpServer();
    expect(smtp({ SMTP_URL: 'smtp://mailer%40acme:p%40ss@smtp.example.com' })).toEqual({
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      auth: { user: 'mailer@acme', pass: 'p@ss' },
    });
    expect(smtp({ SMTP_URL: 'smtps://smtp.example.com' })).toEqual({ host: 'smtp.example.com', port: 465, secure: true, auth: undefined });
    expect(smtp({ SMTP_HOST: 'mail', SMTP_PORT: '2525', SMTP_USER: 'u', SMTP_PASSWORD: 'p' })).toEqual({
      host: 'mail',
      port: 2525,
      secure: false,
      auth: { user: 'u', pass: 'p' },
    });
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'https://smtp.example.com' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', SMTP_USER: 'u' })).toEqual([
      'SMTP_PASSWORD: SMTP_USER and SMTP_PASSWORD go together',
    ]);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', MAIL_FROM: 'not an address' })).toHaveLength(1);
    expect(problemsOf({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: 'mail', MAIL_FROM: 'Acme Pay <pay@acme.example>' })).toEqual([]);
  });

  it('defaults the token lifetime to 24 hours and bounds it', () => {
    expect(validateEnv(AuthApiEnv, { ...REQUIRED }).EMAIL_VERIFICATION_TTL_HOURS).toBe(24);
    expect(validateEnv(AuthApiEnv, { ...REQUIRED, EMAIL_VERIFICATION_TTL_HOURS: '2' }).EMAIL_VERIFICATION_TTL_HOURS).toBe(2);
    expect(problemsOf({ EMAIL_VERIFICATION_TTL_HOURS: '0' })).toHaveLength(1);
  });
});
