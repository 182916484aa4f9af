import { CreateApiKey } from '@payrail/tenancy';
import { sqlExecute, sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

const BODY = {
  payee: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '10',
  invoiceCurrency: 'fUSDC-sepolia',
  paymentCurrency: 'fUSDC-sepolia',
};

describe('Idempotency-Key on POST /v2/payouts and /v2/payouts/batch', () => {
  let p: PayoutsApi;
  const headers = (key: string) => ({ 'x-api-key': p.tenant.apiKey.apiKey, 'idempotency-key': key });
  const rows = async (): Promise<number> =>
    Number((await sqlOne<{ n: string }>(p.api.app.get(DataSource), 'SELECT count(*) AS n FROM requests'))!.n);

  beforeAll(async () => {
    p = await startPayoutsApi();
  });
  afterAll(() => p?.close());

  it('answers a retry with the same key and body with the first answer, creating one request', async () => {
    const before = await rows();
    const first = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, headers('retry-1'));
    // Same body with its keys in another order.
    const again = await p.call<{ requestId: string }>(
      'POST',
      '/v2/payouts',
      { paymentCurrency: BODY.paymentCurrency, invoiceCurrency: BODY.invoiceCurrency, amount: BODY.amount, payee: BODY.payee },
      headers('retry-1'),
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await rows()).toBe(before + 1);
  });

  it('refuses the same key with another body (409) and keeps keys apart per route', async () => {
    await p.call('POST', '/v2/payouts', BODY, headers('reuse-1'));
    const other = await p.call('POST', '/v2/payouts', { ...BODY, amount: '11' }, headers('reuse-1'));
    expect(other).toMatchObject({
      status: 409,
      body: { statusCode: 409, message: 'This Idempotency-Key was already used with a different request', error: 'Conflict' },
    });
    const batch = await p.call('POST', '/v2/payouts/batch', { requests: [BODY] }, headers('reuse-1'));
    expect(batch.status).toBe(409);
  });

  it('creates one request for concurrent requests with the same key, all answered alike', async () => {
    const before = await rows();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, headers('race-1'))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.requestId)).size).toBe(1);
    expect(await rows()).toBe(before + 1);
  });

  it('gives another key its own request, and forgets them after 24 hours', async () => {
    const a = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, headers('scope-1'));
    const b = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, headers('scope-2'));
    expect(a.body.requestId).not.toBe(b.body.requestId);
    await sqlExecute(
      p.api.app.get(DataSource),
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = 'scope-1'`,
    );
    const later = await p.call<{ requestId: string }>('POST', '/v2/payouts', { ...BODY, amount: '12' }, headers('scope-1'));
    expect(later.status).toBe(201);
    expect(later.body.requestId).not.toBe(a.body.requestId);
  });

  it('keeps a Client ID from squatting the keys its platform uses with its API key', async () => {
    const browser = { 'x-client-id': p.tenant.client.clientId };
    // The attacker holds only the public Client ID and guesses the key the backend will send.
    const squat = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, { ...browser, 'idempotency-key': 'order-42' });
    const squatOther = await p.call('POST', '/v2/payouts', { ...BODY, amount: '13' }, { ...browser, 'idempotency-key': 'order-43' });
    expect([squat.status, squatOther.status]).toEqual([201, 201]);
    // Same key and body: the backend gets its own request, not the attacker's stored answer.
    const backend = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, headers('order-42'));
    expect(backend.status).toBe(201);
    expect(backend.headers.get('idempotent-replayed')).toBeNull();
    expect(backend.body.requestId).not.toBe(squat.body.requestId);
    // Another body under a squatted key is not a 409 for the backend either.
    const backendOther = await p.call('POST', '/v2/payouts', BODY, headers('order-43'));
    expect(backendOther.status).toBe(201);
    // The Client ID still replays its own answer.
    const replay = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, { ...browser, 'idempotency-key': 'order-42' });
    expect(replay.body.requestId).toBe(squat.body.requestId);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('scopes keys per API key: a second key of the same platform does not replay the answers of the first', async () => {
    const first = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, headers('per-key-1'));
    const second = await p.call<{ requestId: string }>('POST', '/v2/payouts', BODY, {
      'x-api-key': (await p.api.app.get(CreateApiKey).execute({ platformId: p.tenant.platform.id })).apiKey,
      'idempotency-key': 'per-key-1',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.requestId).not.toBe(first.body.requestId);
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const res = await p.call<{ errors: { field: string }[] }>('POST', '/v2/payouts', BODY, headers('has space'));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual(['Idempotency-Key']);
  });

  it('replays a batch answer too', async () => {
    // A fee address: Request Network's batch contract sends its batch fee there.
    const body = { requests: [BODY, { ...BODY, amount: '2' }], feeAddress: BODY.payee };
    const first = await p.call('POST', '/v2/payouts/batch', body, headers('batch-1'));
    const again = await p.call('POST', '/v2/payouts/batch', body, headers('batch-1'));
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
  });
});
