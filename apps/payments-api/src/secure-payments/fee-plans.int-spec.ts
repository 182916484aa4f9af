import { CreateClientId, LinkOrchestrator } from '@payrail/tenancy';
import { Contract, getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { createOrchestrator } from '@payrail/test-support/tenancy/tenants.js';
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
const FEE_ORCHESTRATOR = getAddress('0x00000000000000000000000000000000000fee02');
const TRON_FEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
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
    s = await startSecurePaymentsApi();
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
    expect((await s.p.call('DELETE', '/v2/fee-config')).status).toBe(404);
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

  it('deducts a payee-borne fee from what the payee receives, lowered to its USD cap converted to token units', async () => {
    await setPlatformFee({ bps: 1000, usdCap: '1', feeBearer: 'payee', evmRecipientAddress: FEE_PLATFORM, tronRecipientAddress: TRON_FEE });
    expect((await s.p.call('GET', '/v2/fee-config')).body).toMatchObject({
      feeConfig: { bps: 1000, usdCap: '1.00', feeBearer: 'payee', tronRecipientAddress: TRON_FEE },
    });
    const previewed = await preview({ amount: '50', currency: CURRENCY, flow: 'get_paid' });
    // 10 % of 50 is 5.00, capped at 1.00 USD = 1.000000 fUSDC at the feed's 1.00; the payee gets 49.
    expect(previewed.body).toMatchObject({
      grossAmountUsd: '50.00',
      netRecipientAmountUsd: '49.00',
      payerTotalAmountUsd: '50.00',
      totalFeesUsd: '1.00',
      payeeBorneFeesUsd: '1.00',
      payerBorneFeesUsd: '0.00',
      fees: [
        {
          feeBearer: 'payee',
          percentageBps: 1000,
          capUsd: '1.00',
          calculatedAmountUsd: '1.00',
          destinationRef: { evmAddress: FEE_PLATFORM, tronAddress: TRON_FEE },
        },
      ],
    });
    const created = await s.create({ requests: [payment('50')] });
    expect((created.body as unknown as { feePlan: Plan }).feePlan).toEqual(previewed.body);
    const page = await s.page(created.body.token);
    expect(page.body).toMatchObject({ amount: '49', feePlan: previewed.body });
    expect(await payAndMeasure(created.body.token, [PAYEE, FEE_PLATFORM])).toEqual([-50_000_000n, 49_000_000n, 1_000_000n]);
  });

  it("adds the orchestrator's fee to the platform's: two fee recipients, the second paid by its own fee-proxy call, each exactly", async () => {
    await setPlatformFee({ bps: 250, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM });
    const orchestrator = await createOrchestrator(s.p.api.app);
    await s.p.api.app.get(LinkOrchestrator).execute({ orchestratorId: orchestrator.id, clientId: s.browser.clientId });
    const orchestratorKey = { 'x-orchestrator-key': orchestrator.orchestratorKey };
    const put = await s.p.call(
      'PUT',
      '/v2/orchestrators/fee-config',
      { bps: 100, feeBearer: 'payee', evmRecipientAddress: FEE_ORCHESTRATOR },
      orchestratorKey,
    );
    expect(put.status).toBe(200);
    expect((await s.p.call('GET', '/v2/orchestrators/fee-config', undefined, orchestratorKey)).body).toMatchObject({
      feeConfig: { bps: 100, feeBearer: 'payee' },
    });
    const headers = { ...orchestratorKey, ...browser() };
    const previewed = await preview({ amount: '12.5', currency: CURRENCY, flow: 'get_paid' }, headers);
    expect(previewed.status).toBe(200);
    expect(previewed.body.fees.map((f) => [f.type, f.configSource, f.feeBearer, f.percentageBps])).toEqual([
      ['platform', 'platform_fee_config', 'payer', 250],
      ['orchestrator', 'orchestrator_fee_config', 'payee', 100],
    ]);
    // The platform's own preview (its API key, no orchestrator) has the platform fee only.
    expect((await preview({ amount: '12.5', currency: CURRENCY, flow: 'get_paid' })).body.fees).toHaveLength(1);
    const created = await s.create({ requests: [payment('12.5')] }, headers);
    expect(created.status).toBe(201);
    expect((await s.page(created.body.token)).body.feePlan).toEqual(previewed.body);
    // 2.5 % on top to the platform (0.3125), 1 % (0.125) out of the payee's 12.5 to the orchestrator.
    const moved = await payAndMeasure(created.body.token, [PAYEE, FEE_PLATFORM, FEE_ORCHESTRATOR]);
    expect(moved).toEqual([-12_812_500n, 12_375_000n, 312_500n, 125_000n]);
    // Disabled, the orchestrator's fee is no longer charged on new links.
    expect((await s.p.call('DELETE', '/v2/orchestrators/fee-config', undefined, orchestratorKey)).body).toMatchObject({
      status: 'disabled',
    });
    expect((await preview({ amount: '12.5', currency: CURRENCY, flow: 'get_paid' }, headers)).body.fees).toHaveLength(1);
  });

  it("keeps a Client ID's own (legacy) fee: it replaces the platform's configuration, paid on top to the Client ID's fee address", async () => {
    await setPlatformFee({ bps: 250, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM });
    const feeClient = await s.p.api.app
      .get(CreateClientId)
      .execute({ platformId: s.p.tenant.platform.id, allowedOrigins: [ORIGIN], feePercentage: '2', feeAddress: ALLOWED });
    const headers = { 'x-client-id': feeClient.clientId, origin: ORIGIN };
    const previewed = await preview({ amount: '12.5', currency: CURRENCY, flow: 'get_paid' }, headers);
    expect(previewed.body.fees).toEqual([
      expect.objectContaining({
        configSource: 'client_id',
        percentageBps: 200,
        destinationRef: { evmAddress: ALLOWED, tronAddress: null },
      }),
    ]);
    const created = await s.create({ requests: [payment('12.5')] }, headers);
    expect((await s.page(created.body.token, '', headers)).body.feePlan).toEqual(previewed.body);
  });

  it('prices a payout link (POST /v2/secure-payments/payouts) with the same configuration under flow pay', async () => {
    await setPlatformFee({ bps: 100, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM });
    const body = { recipient: PAYEE, creatorWalletAddress: PAYEE, network: 'sepolia', currency: CURRENCY, amount: '20' };
    const created = await s.p.call<{ token: string; feePlan: Plan }>('POST', '/v2/secure-payments/payouts', body);
    expect(created.status).toBe(201);
    const previewed = await preview({ amount: '20', currency: CURRENCY, flow: 'pay' });
    expect(created.body.feePlan).toEqual(previewed.body);
    expect(previewed.body).toMatchObject({ flow: 'pay', totalFeesUsd: '0.20', fees: [{ percentageBps: 100 }] });
  });

  it('answers a plan without fees when none applies; a created link then has feePlan null', async () => {
    await s.p.call('DELETE', '/v2/fee-config');
    const previewed = await preview({ amount: '10', currency: CURRENCY, flow: 'pay', defaultFeeBearer: 'payee' });
    expect(previewed.body).toMatchObject({ flow: 'pay', defaultFeeBearer: 'payee', totalFeesUsd: '0.00', fees: [] });
    const created = await s.create({ requests: [payment('10')] });
    expect((created.body as unknown as { feePlan: unknown }).feePlan).toBeNull();
  });

  it('refuses a cap it cannot convert (no USD rate) and payee-borne fees that take the whole amount, naming the field', async () => {
    await setPlatformFee({ bps: 100, usdCap: '5', feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM });
    const noRate = await s.create({ requests: [{ ...payment('1'), invoiceCurrency: 'FAU-sepolia', paymentCurrency: 'FAU-sepolia' }] });
    expect(noRate.status).toBe(400);
    expect(noRate.body.errors).toEqual([expect.objectContaining({ field: 'requests.0.paymentCurrency' })]);
    expect((await preview({ amount: '1', currency: 'FAU-sepolia', flow: 'get_paid' })).body.errors).toEqual([
      expect.objectContaining({ field: 'currency' }),
    ]);
    await setPlatformFee({ bps: 10000, feeBearer: 'payee', evmRecipientAddress: FEE_PLATFORM });
    const all = await s.create({ requests: [payment('1')] });
    expect(all.status).toBe(400);
    expect(all.body.errors).toEqual([expect.objectContaining({ field: 'requests.0.amount' })]);
    await s.p.call('DELETE', '/v2/fee-config');
  });

  it.each([
    [{ bps: 10001, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM }, 'bps'],
    [{ bps: 2.5, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM }, 'bps'],
    [{ feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM }, 'bps'],
    [{ bps: 100, feeBearer: 'them', evmRecipientAddress: FEE_PLATFORM }, 'feeBearer'],
    [{ bps: 100, usdCap: '1.234', feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM }, 'usdCap'],
    [{ bps: 100, usdCap: '0', feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM }, 'usdCap'],
    [{ bps: 100, usdCap: 5, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM }, 'usdCap'],
    [{ bps: 100, feeBearer: 'payer', evmRecipientAddress: '0x123' }, 'evmRecipientAddress'],
    [{ bps: 100, feeBearer: 'payer', tronRecipientAddress: FEE_PLATFORM }, 'tronRecipientAddress'],
    [{ bps: 100, feeBearer: 'payer' }, 'evmRecipientAddress'],
    [{ bps: 100, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM, status: 'paused' }, 'status'],
    [{ bps: 100, feeBearer: 'payer', evmRecipientAddress: FEE_PLATFORM, feePercentage: '2' }, 'feePercentage'],
  ])('refuses a bad fee configuration with 400 naming the field (%j), on both owners', async (body, field) => {
    const orchestrator = await createOrchestrator(s.p.api.app);
    for (const [path, headers] of [
      ['/v2/fee-config', undefined],
      ['/v2/orchestrators/fee-config', { 'x-orchestrator-key': orchestrator.orchestratorKey }],
    ] as const) {
      const res = await s.p.call<{ errors: { field: string }[] }>('PUT', path, body, headers);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e) => e.field)).toContain(field);
    }
  });

  it.each([
    [{ currency: CURRENCY, flow: 'get_paid' }, 'amount'],
    [{ amount: '1.1234567', currency: CURRENCY, flow: 'get_paid' }, 'amount'],
    [{ amount: '0', currency: CURRENCY, flow: 'get_paid' }, 'amount'],
    [{ amount: '1', currency: 'NOPE-sepolia', flow: 'get_paid' }, 'currency'],
    [{ amount: '1', currency: 'USD', flow: 'get_paid' }, 'currency'],
    [{ amount: '1', currency: CURRENCY, flow: 'receive' }, 'flow'],
    [{ amount: '1', currency: CURRENCY, flow: 'pay', defaultFeeBearer: 'nobody' }, 'defaultFeeBearer'],
  ])('refuses a bad preview body with 400 naming the field (%j)', async (body, field) => {
    const res = await preview(body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain(field);
  });
});
