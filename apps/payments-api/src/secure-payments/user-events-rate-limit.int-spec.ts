import { ORIGIN, PAYMENT, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

// The page's user-event reports have their own limit per payment token and client IP (here 3 a minute), in the shared Redis limiter.
describe('POST /v2/secure-payments/{token}/events: dedicated rate limit', () => {
  let s: SecurePaymentsApi;

  beforeAll(async () => {
    s = await startSecurePaymentsApi({ USER_EVENTS_PER_MINUTE: '3', TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(() => s?.p.close());

  const report = (token: string, ip: string) =>
    s.p.call(
      'POST',
      `/v2/secure-payments/${token}/events`,
      { userEvent: 'wallet_connected' },
      {
        'x-client-id': s.browser.clientId,
        origin: ORIGIN,
        'x-forwarded-for': ip,
      },
    );
  const userEvents = async (token: string) => (await s.events(token)).filter((e) => e.event_type === 'secure_payment.user_event');

  it('answers 429 in the spec error shape past the limit for that payment and IP, records nothing for it, and leaves other payments and IPs alone', async () => {
    const a = (await s.create({ requests: [PAYMENT] })).body.token;
    const b = (await s.create({ requests: [PAYMENT] })).body.token;
    const accepted = [];
    for (let i = 0; i < 3; i++) accepted.push(await report(a, '203.0.113.7'));
    expect(accepted.map((r) => r.status)).toEqual([202, 202, 202]);
    // The tighter of the two limits shows in the headers (the Client ID's is far from exhausted).
    expect(accepted.map((r) => [r.headers.get('ratelimit-limit'), r.headers.get('ratelimit-remaining')])).toEqual([
      ['3', '2'],
      ['3', '1'],
      ['3', '0'],
    ]);

    const refused = await report(a, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, message: 'Too many requests', error: 'Too Many Requests' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await userEvents(a)).toHaveLength(3);

    expect((await report(b, '203.0.113.7')).status).toBe(202); // another payment, same IP
    expect((await report(a, '203.0.113.8')).status).toBe(202); // same payment, another IP
    // Only the events route is limited: the same Client ID and IP still read the page.
    const page = await s.p.call('GET', `/v2/secure-payments/${a}`, undefined, {
      'x-client-id': s.browser.clientId,
      origin: ORIGIN,
      'x-forwarded-for': '203.0.113.7',
    });
    expect(page.status).toBe(200);
  });

  it('still authenticates first: reports refused with 401 (no Origin) are not counted against the payment', async () => {
    const token = (await s.create({ requests: [PAYMENT] })).body.token;
    const unauthenticated = { 'x-client-id': s.browser.clientId, 'x-forwarded-for': '203.0.113.9' };
    for (let i = 0; i < 5; i++) {
      expect(
        (await s.p.call('POST', `/v2/secure-payments/${token}/events`, { userEvent: 'wallet_connected' }, unauthenticated)).status,
      ).toBe(401);
    }
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await report(token, '203.0.113.9')).status);
    expect(statuses).toEqual([202, 202, 202]);
  });
});
