import { Wallet } from 'ethers';
import type { AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';

interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  errors?: { field: string; message: string }[];
}

const nextYear = () => `${new Date().getUTCFullYear() + 1}-01-01`;

// Inputs that used to end in a 500 (a RangeError from the permit builder, an ABI encoder
// overflow, a Postgres CHECK violation) are refused as a 400 naming the field, by the built
// apps as processes.
describe('inputs past the limits of a uint128, a uint256 and a platform name are a 400 naming the field', () => {
  let payments: AppHandle;
  let auth: AppHandle;
  let apiKey: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('crash'), { RATE_LIMIT_MULTIPLIER: '100' });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    [payments, auth] = await Promise.all([startTestApp('payments-api', env), startTestApp('auth-api', env)]);
  }, 120000);
  afterAll(async () => {
    await Promise.all([payments?.stop(), auth?.stop()]);
  });

  const payout = async (body: object) => {
    const res = await fetch(`${payments.url}/v2/payouts`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as ErrorBody };
  };
  const terms = (amount: string, invoiceCurrency: string) => ({
    payee: Wallet.createRandom().address,
    amount,
    invoiceCurrency,
    paymentCurrency: 'fUSDC-sepolia',
  });
  const recurrence = () => ({ startDate: nextYear(), frequency: 'MONTHLY', totalPayments: 3, payer: Wallet.createRandom().address });

  it('refuses a recurring amount of 2^128 base units (fUSDC has 6 decimals) as a 400 on amount, and takes 2^128 - 1', async () => {
    const tooLarge = (2n ** 128n / 10n ** 6n).toString() + '.' + (2n ** 128n % 10n ** 6n).toString().padStart(6, '0');
    const refused = await payout({ ...terms(tooLarge, 'fUSDC-sepolia'), recurrence: recurrence() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'amount' }] });
    expect(refused.body.message).toMatch(/amount is too large/);

    const largest = 2n ** 128n - 1n;
    const atLimit = `${largest / 10n ** 6n}.${(largest % 10n ** 6n).toString().padStart(6, '0')}`;
    const accepted = await payout({ ...terms(atLimit, 'fUSDC-sepolia'), recurrence: recurrence() });
    expect(accepted.status).toBe(201);
  });

  it('refuses a USD invoice whose token amount would exceed a uint256 as a 400 on amount, not an encoder overflow', async () => {
    // 10^74 USD is 10^76 cents (under the uint255 limit of the invoice itself) but ~10^80 fUSDC base units.
    const refused = await payout(terms(`1${'0'.repeat(74)}`, 'USD'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'amount' }] });
    expect(refused.body.message).toMatch(/amount is too large/);
    // The same route still converts an ordinary USD invoice.
    expect((await payout(terms('12.5', 'USD'))).status).toBe(201);
  });

  it('refuses a 201 to 254 character e-mail at register as a 400 on email; 200 characters register', async () => {
    const email = (length: number) => {
      const domain = `${'d'.repeat(45)}.${'e'.repeat(45)}.${'f'.repeat(45)}.${'g'.repeat(45)}.example.com`; // 195 characters
      return `${'a'.repeat(length - domain.length - 1)}@${domain}`; // a local part of 4 to 58 characters
    };
    const register = async (address: string) => {
      const res = await fetch(`${auth.url}/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address, password: 'correct horse battery staple' }),
      });
      return { status: res.status, body: (await res.json()) as ErrorBody };
    };
    for (const length of [201, 230, 254]) {
      expect(email(length)).toHaveLength(length);
      const refused = await register(email(length));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: [{ field: 'email' }] });
      expect(refused.body.message).toMatch(/at most 200 characters/);
    }
    expect((await register(email(200))).status).toBe(201);
  });
});
