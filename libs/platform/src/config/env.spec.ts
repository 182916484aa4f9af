import { IsString } from 'class-validator';
import { BaseEnv, ConfigError, validateEnv } from './env.js';

class AppEnv extends BaseEnv {
  @IsString()
  EXTRA_SETTING = 'default-extra';
}

const valid = { DATABASE_URL: 'postgres://u:p@db:5432/payrail', REDIS_URL: 'redis://cache:6379' };

describe('validateEnv', () => {
  it('applies defaults and converts numbers', () => {
    const env = validateEnv(AppEnv, { ...valid, PORT: '9000' });
    expect(env.PORT).toBe(9000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.PAYRAIL_ENV).toBe('local');
    expect(env.QUEUE_PREFIX).toBe('payrail');
    expect(env.EXTRA_SETTING).toBe('default-extra');
  });

  it('treats empty strings as unset, so the default applies', () => {
    expect(validateEnv(AppEnv, { ...valid, LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });

  it('names the missing variable', () => {
    expect(() => validateEnv(AppEnv, { REDIS_URL: valid.REDIS_URL })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('names every bad variable in one error', () => {
    try {
      validateEnv(AppEnv, {
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://x',
        PORT: '70000',
        PAYRAIL_ENV: 'prod',
        QUEUE_PREFIX: 'has space',
      });
      throw new Error('expected ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(new Set(names)).toEqual(new Set(['DATABASE_URL', 'REDIS_URL', 'PORT', 'PAYRAIL_ENV', 'QUEUE_PREFIX']));
    }
  });
});
