import { paymentIntentChannel } from '@payrail/domain';
import { sqlOne, sqlRows } from '@payrail/persistence';
import { Redis } from 'ioredis';
import { PaymentsApiEnv } from '../config/payments-api.env.js';
import { testStack } from '@payrail/test-support/stack.js';
import {
  ORIGIN,
  PAYER,
  PAYMENT,
  startSecurePaymentsApi,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

const HASH = `0x${'ab'.repeat(32)}`;

describe('POST /v2/secure-payments/{token}/intent: validated, stored once, announced to chain-worker, rate limited', () => {
  let s: SecurePaymentsApi;
  const intent = (token: string, body: object, ip = '203.0.113.9') =>
    s.p.call<Record<string, unknown>>('POST', `/v2/secure-payments/${token}/intent`, body, {
      'x-client-id': s.browser.clientId,
      origin: ORIGIN,
      'x-forwarded-for': ip,
    });

  beforeAll(async () => {
    s = await startSecurePaymentsApi({ USER_EVENTS_PER_MINUTE: '4', TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(() => s?.p.close());

  it('answers 400 naming the field for a malformed txHash, a chain that is not the payment network, or a bad payerAddress', async () => {
    const { token } = (await s.create({ requests: [PAYMENT] })).body;
    const bad = await Promise.all([
      intent(token, { txHash: '0x1234', chain: 'sepolia' }, '203.0.113.1'),
      intent(token, { txHash: HASH, chain: 'base' }, '203.0.113.2'),
      intent(token, { txHash: HASH.slice(2), chain: 'sepolia' }, '203.0.113.3'),
      intent(token, { txHash: HASH, chain: 'sepolia', payerAddress: 'nope' }, '203.0.113.4'),
    ]);
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(bad.map((r) => (r.body.errors as { field: string }[])[0].field)).toEqual(['txHash', 'chain', 'txHash', 'payerAddress']);
    expect(bad[1].body.message).toBe("Validation failed: chain must be the payment's network: sepolia");
    expect((await sqlRows(s.db, 'SELECT 1 FROM payment_intents WHERE secure_payment_token = $1', [token])).length).toBe(0);
  });

  it('stores the intent, announces it on the Redis channel (isListening when a chain-worker hears it) and answers the same id again for the same transaction', async () => {
    const { token, requestIds } = (await s.create({ requests: [PAYMENT] })).body;
    const listener = new Redis(testStack().redisUrl, { maxRetriesPerRequest: null });
    const heard: string[] = [];
    listener.on('message', (_c: string, m: string) => heard.push(m));
    await listener.subscribe(paymentIntentChannel(s.p.api.app.get(PaymentsApiEnv).QUEUE_PREFIX));
    try {
      const first = await intent(token, { txHash: HASH.toUpperCase().replace('0X', '0x'), chain: 'SEPOLIA', payerAddress: PAYER.address });
      expect(first.status).toBe(202);
      const request = (await sqlOne<{ payment_reference: string; reference_topic: string }>(
        s.db,
        'SELECT payment_reference, reference_topic FROM requests WHERE id = $1',
        requestIds,
      ))!;
      expect(first.body).toEqual({
        intentId: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        paymentReference: request.payment_reference,
        txHash: HASH,
        isListening: true,
      });
      await waitUntil(() => heard.length === 1);
      expect(JSON.parse(heard[0])).toEqual({ intentId: first.body.intentId, network: 'sepolia', txHash: HASH });
      const row = await sqlOne<Record<string, unknown>>(s.db, 'SELECT * FROM payment_intents WHERE id = $1', [first.body.intentId]);
      expect(row).toMatchObject({
        secure_payment_token: token,
        network: 'sepolia',
        tx_hash: HASH,
        payer_address: PAYER.address.toLowerCase(),
        reference_topics: [request.reference_topic],
        outcome: null,
      });
      const again = await intent(token, { txHash: HASH, chain: 'sepolia' });
      expect(again.body.intentId).toBe(first.body.intentId);
    } finally {
      await listener.quit();
    }
    // Nobody listening now: accepted, but not listened to.
    const unheard = await intent(token, { txHash: `0x${'cd'.repeat(32)}`, chain: 'sepolia' }, '203.0.113.10');
    expect([unheard.status, unheard.body.isListening]).toEqual([202, false]);
  });

  it('does not announce an intent for a payment that is no longer open (isListening false), and 404s an unknown token', async () => {
    const { token } = (await s.create({ requests: [PAYMENT] })).body;
    expect((await s.p.call('DELETE', `/v2/secure-payments/${token}`)).status).toBe(200);
    const res = await intent(token, { txHash: HASH, chain: 'sepolia' }, '203.0.113.11');
    expect([res.status, res.body.isListening]).toEqual([202, false]);
    expect((await intent('01JH0000000000000000000000', { txHash: HASH, chain: 'sepolia' }, '203.0.113.12')).status).toBe(404);
  });

  it('answers 429 past USER_EVENTS_PER_MINUTE intents for one payment and IP, in a budget apart from the user-event reports', async () => {
    const { token } = (await s.create({ requests: [PAYMENT] })).body;
    const ip = '203.0.113.50';
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await intent(token, { txHash: HASH, chain: 'sepolia' }, ip)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    const event = await s.p.call(
      'POST',
      `/v2/secure-payments/${token}/events`,
      { userEvent: 'wallet_connected' },
      {
        'x-client-id': s.browser.clientId,
        origin: ORIGIN,
        'x-forwarded-for': ip,
      },
    );
    expect(event.status).toBe(202);
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
}
