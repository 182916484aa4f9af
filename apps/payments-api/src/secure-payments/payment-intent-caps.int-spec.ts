import { sqlExecute, sqlOne } from '@payrail/persistence';
import { id as keccak } from 'ethers';
import { ORIGIN, PAYMENT, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

/** A made-up transaction hash, distinct per label (what a flood of random hashes sends). */
const hashOf = (label: string) => keccak(label);

// The intent flood (issue #29): a page's Client ID could open any number of intents, each making
// chain-worker poll the RPC. Open intents are capped per payment link and per Client ID; the cap
// holds under concurrent requests (the count and the insert are serialized in Postgres).
describe('POST /v2/secure-payments/{token}/intent: open intents capped per link and per Client ID', () => {
  let s: SecurePaymentsApi;
  const intent = (token: string, txHash: string, clientId = s.browser.clientId) =>
    s.p.call<Record<string, unknown>>(
      'POST',
      `/v2/secure-payments/${token}/intent`,
      { txHash, chain: 'sepolia' },
      { 'x-client-id': clientId, origin: ORIGIN },
    );
  const link = async () => (await s.create({ requests: [PAYMENT] })).body.token;
  const openOf = async (token: string) =>
    (await sqlOne<{ n: number }>(
      s.db,
      'SELECT count(*)::int AS n FROM payment_intents WHERE secure_payment_token = $1 AND outcome IS NULL',
      [token],
    ))!.n;

  beforeAll(async () => {
    s = await startSecurePaymentsApi({ INTENTS_OPEN_PER_LINK: '3', INTENTS_OPEN_PER_CLIENT_ID: '5', USER_EVENTS_PER_MINUTE: '1000' });
  });
  afterAll(() => s?.p.close());

  it('holds the link cap under 12 concurrent reports of distinct hashes: exactly 3 accepted, the rest 429', async () => {
    const token = await link();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => intent(token, hashOf(`race-${i}`), s.otherBrowser.clientId)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
    expect(await openOf(token)).toBe(3);
    // Resolved by chain-worker (its outcome written), then the slot is free again.
    await sqlExecute(s.db, `UPDATE payment_intents SET outcome = 'unknown_transaction' WHERE secure_payment_token = $1`, [token]);
  });

  it('refuses the 4th open intent of a link with 429 in the error shape and Retry-After, never a repeated report', async () => {
    const token = await link();
    for (let i = 0; i < 3; i++) expect((await intent(token, hashOf(`link-${i}`))).status).toBe(202);
    const refused = await intent(token, hashOf('link-3'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      message: 'Too many open payment intents for this payment; retry when one is resolved',
      error: 'Too Many Requests',
    });
    expect(refused.headers.get('retry-after')).toBe('15');
    // The page reporting the same transaction again is answered its intent, cap or not.
    const again = await intent(token, hashOf('link-0'));
    expect(again.status).toBe(202);
    // One resolved (chain-worker wrote its outcome): the next is accepted.
    await sqlExecute(s.db, `UPDATE payment_intents SET outcome = 'unknown_transaction' WHERE id = $1`, [again.body.intentId]);
    expect((await intent(token, hashOf('link-3'))).status).toBe(202);
    // An open intent older than 10 minutes no longer counts (chain-worker gave up on it long before).
    expect((await intent(token, hashOf('link-4'))).status).toBe(429);
    await sqlExecute(
      s.db,
      `UPDATE payment_intents SET created_at = now() - interval '11 minutes' WHERE secure_payment_token = $1 AND tx_hash = $2`,
      [token, hashOf('link-1')],
    );
    expect((await intent(token, hashOf('link-4'))).status).toBe(202);
  });

  it('refuses the 6th open intent of a Client ID over its links with 429; another Client ID is not affected', async () => {
    // The previous test left this Client ID 3 counted open intents (link-2, link-3, link-4): 2 more fit.
    const [a, b] = [await link(), await link()];
    const statuses = [];
    for (const [i, token] of [a, b].entries()) statuses.push((await intent(token, hashOf(`client-${i}`))).status);
    expect(statuses).toEqual([202, 202]);
    const refused = await intent(b, hashOf('client-3'));
    expect([refused.status, refused.body.message]).toEqual([
      429,
      'Too many open payment intents for this Client ID; retry when one is resolved',
    ]);
    expect((await intent(b, hashOf('client-3'), s.otherBrowser.clientId)).status).toBe(202);
    expect(await openOf(b)).toBe(2);
  });
});
