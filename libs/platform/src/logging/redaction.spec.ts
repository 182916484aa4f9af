import { Writable } from 'node:stream';
import { pino } from 'pino';
import { REDACTED, redactingPinoOptions, redactKeys } from './redaction.js';

function capture(): { lines: () => Record<string, unknown>[]; stream: Writable } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('log redaction', () => {
  it('removes credential headers, cookies and signatures from request logs', () => {
    const out = capture();
    const logger = pino(redactingPinoOptions(), out.stream);
    logger.info({
      req: {
        headers: {
          'x-api-key': 'sk_live_secret',
          'x-orchestrator-key': 'ok_secret',
          authorization: 'Bearer abc',
          cookie: 'session_token=abc',
          'x-client-id': 'cli_public',
        },
      },
      res: { headers: { 'set-cookie': 'session_token=abc' } },
    });
    const [line] = out.lines();
    expect(line).toMatchObject({
      req: {
        headers: {
          'x-api-key': REDACTED,
          'x-orchestrator-key': REDACTED,
          authorization: REDACTED,
          cookie: REDACTED,
          'x-client-id': 'cli_public',
        },
      },
      res: { headers: { 'set-cookie': REDACTED } },
    });
    expect(JSON.stringify(line)).not.toMatch(/sk_live_secret|ok_secret|abc/);
  });

  it('removes secrets, passwords, signatures and private keys nested up to four levels', () => {
    const out = capture();
    const logger = pino(redactingPinoOptions(), out.stream);
    logger.info({ secret: 's0', body: { password: 'p1', permit: { signature: '0xsig', inner: { privateKey: '0xkey' } } }, amount: '10' });
    const text = JSON.stringify(out.lines()[0]);
    for (const leaked of ['s0', 'p1', '0xsig', '0xkey']) expect(text).not.toContain(`"${leaked}"`);
    expect(out.lines()[0]).toMatchObject({ amount: '10' });
  });

  it('censors keys inside arrays and serialized errors, and request headers bound to a child logger', () => {
    const out = capture();
    const logger = pino(redactingPinoOptions(), out.stream).child({ req: { method: 'GET', headers: { authorization: 'Bearer st_1' } } });
    const err = Object.assign(new Error('boom'), { apiKey: 'sk_in_error' });
    logger.error({ err, items: [{ token: 'tk_1', id: 'a' }] });
    const [line] = out.lines();
    expect(JSON.stringify(line)).not.toMatch(/st_1|sk_in_error|tk_1/);
    expect(line).toMatchObject({ items: [{ token: REDACTED, id: 'a' }], err: { message: 'boom', apiKey: REDACTED } });
  });

  it('returns the same object when nothing is secret, and leaves levels past the fourth alone', () => {
    const clean = { a: { b: [1, { c: 'x' }] }, amount: '10' };
    expect(redactKeys(clean)).toBe(clean);
    const deep = { l1: { l2: { l3: { secret: 's4', l4: { secret: 's5' } } } } };
    const redacted = redactKeys(deep) as typeof deep;
    expect(redacted.l1.l2.l3.secret).toBe(REDACTED);
    expect(redacted.l1.l2.l3.l4.secret).toBe('s5');
    expect(deep.l1.l2.l3.secret).toBe('s4'); // the logged object itself is never changed
  });
});
