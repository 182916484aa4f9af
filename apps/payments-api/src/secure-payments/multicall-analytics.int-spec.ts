import { CreateClientId } from '@payrail/tenancy';
import { getAddress } from 'ethers';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { startStalledRpc } from '@payrail/test-support/payments-api/foreign-chain.js';
import { ALLOWED, ORIGIN, platformSessionBearer } from '@payrail/test-support/payments-api/secure-payments-api.js';

const PAYEES = [1, 2, 3].map((i) => getAddress(`0x00000000000000000000000000000000000d0d0${i}`));
const payout = (payee: string, amount: string, currency: string) => ({
  payee,
  amount,
  invoiceCurrency: currency,
  paymentCurrency: currency,
});

// USD values from the local chain's own Chainlink-style feeds (ETH/USD 3000, USDC/USD 1.00; none for FAU).
describe('multicall analytics: USD amounts from the on-chain rates, or the reason they are missing', () => {
  let p: PayoutsApi;
  let bearer: string;

  beforeAll(async () => {
    p = await startPayoutsApi({ SECURE_PAYMENT_PAGE_URL: 'https://pay.payrail.test' });
    bearer = await platformSessionBearer(p);
  });
  afterAll(() => p?.close());

  type State = { analytics: Record<string, unknown>; children: { feePlan: Record<string, unknown> | null }[] };
  const stateOf = async (api: PayoutsApi, body: object, headers?: Record<string, string>, session = bearer) => {
    const created = await api.call<{ token: string }>('POST', '/v2/secure-payments/multicall-payouts', body, headers);
    expect(created.status).toBe(201);
    const read = await api.call<State>('GET', `/v2/secure-payments/multicall-payouts/${created.body.token}`, undefined, {
      authorization: `Bearer ${session}`,
    });
    expect(read.status).toBe(200);
    return read.body;
  };
  const analyticsOf = async (...args: Parameters<typeof stateOf>) => (await stateOf(...args)).analytics;
  const feeClientHeaders = async () => {
    const feeClient = await p.api.app
      .get(CreateClientId)
      .execute({ platformId: p.tenant.platform.id, allowedOrigins: [ORIGIN], feePercentage: '2', feeAddress: ALLOWED });
    return { 'x-client-id': feeClient.clientId, origin: ORIGIN };
  };

  it("gives each child the spec's fee plan in USD when a fee applies (0.5 ETH at 3000 with 2 % on top: 1500.00 + 30.00)", async () => {
    const eth = 'ETH-sepolia-sepolia';
    const { children } = await stateOf(
      p,
      { payouts: [payout(PAYEES[0], '0.5', eth), payout(PAYEES[1], '0.25', eth)] },
      await feeClientHeaders(),
    );
    const entry = {
      type: 'platform',
      label: 'Platform fee',
      feeBearer: 'payer',
      feeBearerSource: 'fee_config',
      percentageBps: 200,
      capUsd: null,
      destinationResolver: 'fee_address',
      destinationRef: { evmAddress: ALLOWED, tronAddress: null },
      configSource: 'client_id',
      fixedAmountUsd: null,
    };
    const plan = { version: 1, flow: 'get_paid', defaultFeeBearer: 'payer', payeeBorneFeesUsd: '0.00' };
    expect(children.map((c) => c.feePlan)).toEqual([
      {
        ...plan,
        grossAmountUsd: '1530.00',
        netRecipientAmountUsd: '1500.00',
        payerTotalAmountUsd: '1530.00',
        totalFeesUsd: '30.00',
        payerBorneFeesUsd: '30.00',
        fees: [{ ...entry, calculatedAmountUsd: '30.00' }],
      },
      {
        ...plan,
        grossAmountUsd: '765.00',
        netRecipientAmountUsd: '750.00',
        payerTotalAmountUsd: '765.00',
        totalFeesUsd: '15.00',
        payerBorneFeesUsd: '15.00',
        fees: [{ ...entry, calculatedAmountUsd: '15.00' }],
      },
    ]);
  });

  it('keeps the fee plan without a USD rate (FAU): same fee entry, USD amounts null; and null when no fee applies', async () => {
    const fau = 'FAU-sepolia';
    const withFee = await stateOf(p, { payouts: [payout(PAYEES[0], '1', fau), payout(PAYEES[1], '2', fau)] }, await feeClientHeaders());
    expect(withFee.analytics.feeAmountsUsdUnavailableReason).toBe('usd_rate_unavailable');
    expect(withFee.children[0].feePlan).toMatchObject({
      version: 1,
      grossAmountUsd: null,
      netRecipientAmountUsd: null,
      payerTotalAmountUsd: null,
      totalFeesUsd: null,
      payeeBorneFeesUsd: null,
      payerBorneFeesUsd: null,
      fees: [{ percentageBps: 200, calculatedAmountUsd: null, destinationRef: { evmAddress: ALLOWED, tronAddress: null } }],
    });
    const noFee = await stateOf(p, { payouts: [payout(PAYEES[0], '1', 'fUSDC-sepolia'), payout(PAYEES[1], '2', 'fUSDC-sepolia')] });
    expect(noFee.children.map((c) => c.feePlan)).toEqual([null, null]);
  });

  it('values the children and the fee paid on top at the USD rate (0.75 ETH at 3000 = 2250.00; 2 % fee = 45.00)', async () => {
    const feeClient = await p.api.app
      .get(CreateClientId)
      .execute({ platformId: p.tenant.platform.id, allowedOrigins: [ORIGIN], feePercentage: '2', feeAddress: ALLOWED });
    const eth = 'ETH-sepolia-sepolia';
    const analytics = await analyticsOf(
      p,
      { payouts: [payout(PAYEES[0], '0.5', eth), payout(PAYEES[1], '0.25', eth)] },
      {
        'x-client-id': feeClient.clientId,
        origin: ORIGIN,
      },
    );
    expect(analytics).toMatchObject({
      totalPaymentAmountUsd: '2250.00',
      protocolFeeAmountUsd: '0.00',
      orchestratorPayerFeeAmountUsd: '45.00',
      orchestratorRecipientFeeAmountUsd: '0.00',
      feeAmountsUsdUnavailableReason: null,
      numberOfPaymentsExcludingFees: 2,
    });
  });

  it('rounds once, the exact sum: three payouts of 0.333333 USDC make 1.00, not 0.99', async () => {
    const usdc = 'fUSDC-sepolia';
    const analytics = await analyticsOf(p, { payouts: PAYEES.map((payee) => payout(payee, '0.333333', usdc)) });
    expect(analytics).toMatchObject({ totalPaymentAmountUsd: '1.00', feeAmountsUsdUnavailableReason: null });
  });

  it('nulls every USD field with usd_rate_unavailable when the payment currency has no USD rate (FAU)', async () => {
    const analytics = await analyticsOf(p, { payouts: [payout(PAYEES[0], '1', 'FAU-sepolia'), payout(PAYEES[1], '2', 'FAU-sepolia')] });
    expect(analytics).toMatchObject({
      totalPaymentAmountUsd: null,
      protocolFeeAmountUsd: null,
      orchestratorPayerFeeAmountUsd: null,
      orchestratorRecipientFeeAmountUsd: null,
      feeAmountsUsdUnavailableReason: 'usd_rate_unavailable',
      numberOfPaymentsExcludingFees: 2,
    });
  });

  it('answers usd_rate_source_unavailable, without waiting past PAGE_RPC_TIMEOUT_MS, when the rate feed cannot be read', async () => {
    const stalled = await startStalledRpc();
    const api = await startPayoutsApi({
      SECURE_PAYMENT_PAGE_URL: 'https://pay.payrail.test',
      RPC_URL_SEPOLIA: stalled.url,
      PAGE_RPC_TIMEOUT_MS: '300',
    });
    try {
      const started = Date.now();
      const usdc = 'fUSDC-sepolia';
      const analytics = await analyticsOf(
        api,
        { payouts: [payout(PAYEES[0], '1', usdc), payout(PAYEES[1], '2', usdc)] },
        undefined,
        await platformSessionBearer(api),
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(analytics).toMatchObject({ totalPaymentAmountUsd: null, feeAmountsUsdUnavailableReason: 'usd_rate_source_unavailable' });
    } finally {
      await api.close();
      await stalled.close();
    }
  });
});
