import { CreateClientId } from '@payrail/tenancy';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

const BODY = {
  payee: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  amount: '1',
  invoiceCurrency: 'fUSDC-sepolia',
  paymentCurrency: 'fUSDC-sepolia',
};

// The tenancy rate limiter guards every payout route: a Basic-tier Client ID (2 requests/second) gets a 429 on its third.
describe('429 on the payout routes', () => {
  let p: PayoutsApi;
  beforeAll(async () => {
    p = await startPayoutsApi({ RATE_LIMIT_MULTIPLIER: '1' });
  });
  afterAll(() => p?.close());

  it.each<[string, string, object | undefined]>([
    ['POST', '/v2/payouts', BODY],
    ['POST', '/v2/payouts/batch', { requests: [BODY] }],
    ['GET', `/v2/request/01${'0'.repeat(64)}`, undefined],
  ])('%s %s answers 429 with Retry-After past the tier', async (method, path, body) => {
    const client = await p.api.app.get(CreateClientId).execute({ platformId: p.tenant.platform.id, rateTier: 'basic' });
    const headers = { 'x-client-id': client.clientId };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await p.call(method, path, body, headers));
    expect(answers.slice(0, 2).map((a) => a.status)).not.toContain(429);
    expect(answers[2]).toMatchObject({ status: 429, body: { statusCode: 429, error: 'Too Many Requests' } });
    expect(Number(answers[2].headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
