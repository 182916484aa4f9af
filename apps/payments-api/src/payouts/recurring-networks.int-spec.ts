import { PRODUCTION_CONTRACTS } from '@payrail/chains';
import type { RecurringPaymentPermit } from '@payrail/permits';
import { getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

const PAYEE = getAddress('0x00000000000000000000000000000000000a11ce');
// An operator's own deployment of contracts/ERC20RecurringPaymentProxy.sol on base (any address will do: nothing is read from it).
const OWN_BASE_PROXY = getAddress('0x000000000000000000000000000000000000ba5e');
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const recurring = (currency: string) => ({
  payee: PAYEE,
  amount: '10',
  invoiceCurrency: currency,
  paymentCurrency: currency,
  recurrence: { startDate: tomorrow, frequency: 'DAILY', totalPayments: 3, payer: Wallet.createRandom().address },
});

// POST /v2/payouts with recurrence over HTTP: a schedule is only offered where its permit can be
// verified, i.e. on a network whose recurring proxy is Payrail's own (contracts/), never on
// Request Network's 0.1.0 proxy (other SchedulePermit field names) that the registry lists for the mainnets.
describe('recurring payouts only on networks with Payrail’s own recurring proxy', () => {
  let p: PayoutsApi;
  let configured: PayoutsApi;

  beforeAll(async () => {
    [p, configured] = await Promise.all([startPayoutsApi(), startPayoutsApi({ RECURRING_PROXY_ADDRESSES: `base:${OWN_BASE_PROXY}` })]);
  });
  afterAll(async () => {
    await Promise.all([p?.close(), configured?.close()]);
  });

  it('refuses a recurring payout on mainnet (Request Network’s proxy there) with a 400 in the spec error shape naming paymentCurrency', async () => {
    const res = await p.call<Record<string, unknown>>('POST', '/v2/payouts', recurring('USDC-mainnet'));
    const message = `recurring payouts are not available on mainnet: its recurring payment proxy (${PRODUCTION_CONTRACTS.mainnet.ERC20RecurringPaymentProxy}) is not Payrail's and cannot verify the recurringPaymentPermit`;
    expect(res).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: `Validation failed: paymentCurrency: ${message}`,
        errors: [{ field: 'paymentCurrency', message }],
      },
    });
    expect(Object.keys(res.body).sort()).toEqual(['error', 'errors', 'message', 'statusCode']);
  });

  it('refuses base and arbitrum-one too while no Payrail deployment is configured there', async () => {
    for (const currency of ['USDC-base', 'USDC-arbitrum-one']) {
      const res = await p.call<{ message: string }>('POST', '/v2/payouts', recurring(currency));
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining('is not Payrail')]);
    }
  });

  it('still answers 201 on the local chain, whose recurring proxy the devstack deployed from contracts/', async () => {
    const res = await p.call<{ recurringPaymentPermit: RecurringPaymentPermit }>('POST', '/v2/payouts', recurring('fUSDC-sepolia'));
    expect(res.status).toBe(201);
    expect(res.body.recurringPaymentPermit.domain.verifyingContract).toBe(testStack().chain.contracts.ERC20RecurringPaymentProxy);
  });

  it('answers 201 on base once RECURRING_PROXY_ADDRESSES names Payrail’s deployment, with that proxy as verifyingContract and spender', async () => {
    const res = await configured.call<{ recurringPaymentPermit: RecurringPaymentPermit; transactions: { data: string }[] }>(
      'POST',
      '/v2/payouts',
      recurring('USDC-base'),
    );
    expect(res.status).toBe(201);
    expect(res.body.recurringPaymentPermit.domain).toMatchObject({ chainId: 8453, verifyingContract: OWN_BASE_PROXY });
    expect(res.body.transactions[0].data.toLowerCase()).toContain(OWN_BASE_PROXY.slice(2).toLowerCase());
    expect((await configured.call('POST', '/v2/payouts', recurring('USDC-mainnet'))).status).toBe(400);
  });
});
