import { parseCipherKeys, validateEnv } from '@payrail/platform';
import { PaymentsApiEnv } from './payments-api.env.js';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };
const key = (fill: number) => Buffer.alloc(32, fill).toString('base64');
const webhookKeys = { WEBHOOK_ENCRYPTION_KEYS: `w1:${key(9)}` };
const production = (pii: string | undefined) =>
  validateEnv(PaymentsApiEnv, { ...base, ...webhookKeys, PAYRAIL_ENV: 'production', PII_ENCRYPTION_KEYS: pii });

describe('PII_ENCRYPTION_KEYS (payments-api configuration)', () => {
  it('is required outside local, naming the variable and the expected format', () => {
    expect(() => production(undefined)).toThrow(
      /PII_ENCRYPTION_KEYS: is required outside PAYRAIL_ENV=local \(kid:base64-32-byte-key, comma-separated\)/,
    );
    expect(validateEnv(PaymentsApiEnv, base).PII_ENCRYPTION_KEYS).toBeUndefined();
  });

  it('refuses a short key, a duplicate kid or an empty entry with the shared validator, without quoting key material', () => {
    const short = `p1:${Buffer.alloc(16, 1).toString('base64')}`;
    expect(() => production(short)).toThrow(/PII_ENCRYPTION_KEYS: key "p1" must be 32 bytes, base64- or base64url-encoded/);
    expect(() => production(`p1:${key(1)},p1:${key(2)}`)).toThrow(/PII_ENCRYPTION_KEYS: key id "p1" appears twice/);
    expect(() => production(`p1:${key(1)},`)).toThrow(/PII_ENCRYPTION_KEYS: entry 2 is empty/);
    const message = (() => {
      try {
        production(short);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect([message.includes('PII_ENCRYPTION_KEYS: key "p1"'), message.includes(short.slice(3))]).toEqual([true, false]);
  });

  it('accepts base64 and base64url keys with whitespace around entries, and parses them as validated', () => {
    const value = ` p2:${Buffer.alloc(32, 0xfb).toString('base64url')} , p1:${key(1)} `;
    const env = production(value);
    expect(env.PII_ENCRYPTION_KEYS).toBe(value);
    const keys = parseCipherKeys(env.PII_ENCRYPTION_KEYS, 'payer-identity');
    expect(keys.map((k) => [k.id, k.key.toString('hex')])).toEqual([
      ['p2', 'fb'.repeat(32)],
      ['p1', '01'.repeat(32)],
    ]);
  });
});
