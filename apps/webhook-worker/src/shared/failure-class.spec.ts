import { failureClass } from './failure-class.js';

describe('failureClass: what the owner notice says about the last failed attempt', () => {
  it.each([
    [{ statusCode: 500, error: null }, 'HTTP 500'],
    [{ statusCode: 410, error: null }, 'HTTP 410'],
    [{ statusCode: null, error: 'timeout after 5000 ms' }, 'timeout (no answer in time)'],
    [{ statusCode: null, error: 'ECONNREFUSED: connect ECONNREFUSED 10.1.2.3:8443' }, 'connection refused (ECONNREFUSED)'],
    [{ statusCode: null, error: 'UND_ERR_SOCKET: other side closed' }, 'connection closed (UND_ERR_SOCKET)'],
    [
      { statusCode: null, error: 'DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate' },
      'TLS certificate refused (DEPTH_ZERO_SELF_SIGNED_CERT)',
    ],
    [{ statusCode: null, error: 'EWHATEVER: something new' }, 'connection error (EWHATEVER)'],
    [{ statusCode: null, error: 'hooks.internal.example does not resolve (ENOTFOUND)' }, 'DNS: the host name does not resolve'],
    [
      { statusCode: null, error: 'refused by the URL policy: db.internal resolves to a non-public address (10.0.0.5)' },
      'refused by the URL policy (the host is not a public address)',
    ],
    [{ statusCode: null, error: 'fetch failed for https://user:pw@hooks.example.com/x?token=abc' }, 'connection error'],
    [{ statusCode: null, error: null }, 'connection error'],
  ])('%j -> %s', (failure, expected) => {
    expect(failureClass(failure)).toBe(expected);
  });

  it('never repeats the error text: addresses, hosts and URLs stay out of the mail', () => {
    const text = failureClass({ statusCode: null, error: 'ECONNREFUSED: connect ECONNREFUSED 10.1.2.3:8443' });
    expect(text).not.toContain('10.1.2.3');
  });
});
