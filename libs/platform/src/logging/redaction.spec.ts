import { Writable } from 'node:stream';
import { pino } from 'pino';
import { REDACTED, redactionPaths } from './redaction.js';

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
    const logger = pino({ redact: { paths: redactionPaths(), censor: REDACTED } }, out.stream);
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

  it('removes secrets, passwords, signatures and private keys nested up to three levels', () => {
    const out = capture();
    const logger = pino({ redact: { paths: redactionPaths(), censor: REDACTED } }, out.stream);
    logger.info({ secret: 's0', body: { password: 'p1', permit: { signature: '0xsig', inner: { privateKey: '0xkey' } } }, amount: '10' });
    const text = JSON.stringify(out.lines()[0]);
    for (const leaked of ['s0', 'p1', '0xsig', '0xkey']) expect(text).not.toContain(`"${leaked}"`);
    expect(out.lines()[0]).toMatchObject({ amount: '10' });
  });
});
