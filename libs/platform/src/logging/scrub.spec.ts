import { Writable } from 'node:stream';
import { pino } from 'pino';
import { redactingPinoOptions, routeOf } from './redaction.js';
import { scrubErrorValues, scrubUrls } from './scrub.js';

function logged(write: (logger: pino.Logger) => void): string {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  write(pino(redactingPinoOptions(), stream));
  return text;
}

describe('log scrubbing of values inside text', () => {
  it('keeps scheme and host of a URL and drops credentials, path and query', () => {
    expect(scrubUrls('rpc https://eth.example/v2/KEY123?x=1 failed')).toBe('rpc https://eth.example/[REDACTED] failed');
    expect(scrubUrls('"requestUrl": "https://user:pw@node.example:8545/abc"')).toBe('"requestUrl": "https://node.example:8545/[REDACTED]"');
    expect(scrubUrls('origin https://shop.example and https://shop.example/')).toBe(
      'origin https://shop.example and https://shop.example/',
    );
    const plain = 'no url here';
    expect(scrubUrls(plain)).toBe(plain);
  });

  it('censors the values a database error quotes but keeps its own identifiers', () => {
    const err = {
      type: 'QueryFailedError',
      query: 'SELECT 1 WHERE id = $1',
      table: 'platforms',
      message: 'invalid input syntax for type uuid: "sk_live_secret" in "platforms"',
      stack: 'QueryFailedError: invalid input syntax for type uuid: "sk_live_secret" in "platforms"\n    at x',
      driverError: { type: 'DatabaseError', severity: 'ERROR', code: '22P02', message: 'bad "sk_live_secret"' },
    };
    const scrubbed = JSON.stringify(scrubErrorValues(err));
    expect(scrubbed).not.toContain('sk_live_secret');
    expect(scrubbed).toContain('\\"platforms\\"');
    const other = { type: 'Error', message: 'quoted "value" kept outside database errors' };
    expect(scrubErrorValues(other)).toBe(other);
  });

  it('drops parameters and detail of a logged database error, URLs in messages and in error fields', () => {
    const error = Object.assign(new Error('insert failed'), {
      query: 'INSERT INTO users VALUES ($1)',
      parameters: ['ada@example.com'],
      detail: 'Failing row contains (ada@example.com).',
      info: { requestUrl: 'https://rpc.example/v2/PROVIDERKEY' },
    });
    const text = logged((logger) => {
      logger.error({ err: error }, 'failed');
      logger.warn('reading https://rpc.example/v2/PROVIDERKEY failed');
    });
    expect(text).not.toMatch(/ada@example\.com|PROVIDERKEY/);
    expect(text).toContain('https://rpc.example/[REDACTED]');
  });

  it('names a request by its route template, never its path', () => {
    expect(routeOf({ route: { path: '/v2/secure-payments/:token' } })).toBe('/v2/secure-payments/:token');
    expect(routeOf({})).toBeNull();
    const text = logged((logger) =>
      logger.info({
        req: { id: '1', method: 'GET', url: '/v2/payer/secret-user?wallet=0xabc', headers: { referer: 'https://x/pay/tok' } },
      }),
    );
    expect(text).not.toMatch(/secret-user|0xabc|pay\/tok/);
  });
});
