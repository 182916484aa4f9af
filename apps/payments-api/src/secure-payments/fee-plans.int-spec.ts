import { Contract, getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import {
  ALLOWED,
  ORIGIN,
  PAYEE,
  startSecurePaymentsApi,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

type Plan = Record<string, unknown> & { fees: Record<string, unknown>[] };
interface PayAnswer {
  transactions: { to: string; data: string; value: { type: string; hex: string } | number | string }[];
}

const FEE_PLATFORM = getAddress('0x00000000000000000000000000000000000fee01');
const CURRENCY = 'fUSDC-sepolia';
const payment = (amount: string, payee = PAYEE) => ({ payee, amount, invoiceCurrency: CURRENCY, paymentCurrency: CURRENCY });

// Fee plans on real servers: configurations set through the API, the plan the preview answers,
// the one the link stores, and the exact fees the published fee proxy moves on the local chain
// (fUSDC has 6 decimals and a 1.00 USD feed there).
describe('fee plans: platform and orchestrator fee configurations, preview, the stored plan, the fee paid on chain', () => {
  const chain = testStack().chain;
  let s: SecurePaymentsApi;
  let payer: ChainPayer;
  const browser = () => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const setPlatformFee = (body: object) => s.p.call('PUT', '/v2/fee-config', body);
  const preview = (body: object, headers?: Record<string, string>) =>
    s.p.call<Plan & { errors?: { field: string }[] }>('POST', '/v2/secure-payments/fees/preview', body, headers);
  const balance = (owner: string) => payer.tokenBalance(chain.tokens.USDC, owner);

  /** Pays the link from the funded payer with the transactions the page gets; answers each balance change. */
  async function payAndMeasure(token: string, owners: string[]): Promise<bigint[]> {
    const before = await Promise.all([payer.address, ...owners].map(balance));
    const pay = await s.p.call<PayAnswer>('GET', `/v2/secure-payments/${token}/pay?wallet=${payer.address}`, undefined, browser());
    expect(pay.status).toBe(200);
    await payer.submit(pay.body.transactions);
    const after = await Promise.all([payer.address, ...owners].map(balance));
    return after.map((a, i) => a - before[i]);
  }

  beforeAll(async () => {
    s = await startSecurePaymentsApi({ LOG_LEVEL: 'error' });
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 10n ** 19n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  });
  afterAll(async () => {
    payer?.close();
    await s?.p.close();
  });

  it('stores the platform fee (payer-borne) with the link exactly as the preview answered it, and the payer pays it on top to the fee address', async () => {
    expect((await s.p.call('GET', '/v2/fee-config')).body).toEqual({ feeConfig: null });
    const put = await setPlatformFee({ bps: 250, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM.toLowerCase() });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ bps: 250, usdCap: null, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM, status: 'active' });
    const previewed = await preview({ amount: '12.5', currency: CURRENCY, flow: 'get_paid' });
    expect(previewed.status).toBe(200);
    // 2.5 % of 12.500000 = 0.312500, on top: the payer pays 12.8125 (USD rounded half up to the cent).
    expect(previewed.body).toEqual({
      version: 1,
      flow: 'get_paid',
      defaultFeeBearer: 'payer',
      grossAmountUsd: '12.81',
      netRecipientAmountUsd: '12.50',
      payerTotalAmountUsd: '12.81',
      totalFeesUsd: '0.31',
      payeeBorneFeesUsd: '0.00',
      payerBorneFeesUsd: '0.31',
      fees: [
        {
          type: 'platform',
          label: 'Platform fee',
          feeBearer: 'payer',
          feeBearerSource: 'fee_config',
          percentageBps: 250,
          capUsd: null,
          calculatedAmountUsd: '0.31',
          destinationResolver: 'fee_config_address',
          destinationRef: { evmAddress: FEE_PLATFORM, tronAddress: null },
          configSource: 'platform_fee_config',
          fixedAmountUsd: null,
        },
      ],
    });
    // feePercentage on the body is accepted and ignored (Request Network deprecated it).
    const created = await s.create({ requests: [payment('12.5')], feePercentage: '50', feeAddress: ALLOWED });
    expect(created.status).toBe(201);
    expect((created.body as unknown as { feePlan: Plan }).feePlan).toEqual(previewed.body);
    expect((await s.page(created.body.token)).body.feePlan).toEqual(previewed.body);
    // A later configuration change reprices new links only.
    await setPlatformFee({ bps: 900, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM });
    expect((await s.page(created.body.token)).body.feePlan).toEqual(previewed.body);
    expect(await payAndMeasure(created.body.token, [PAYEE, FEE_PLATFORM])).toEqual([-12_812_500n, 12_500_000n, 312_500n]);
  });
});
