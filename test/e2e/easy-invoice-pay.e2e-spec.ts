import { Contract, Wallet } from 'ethers';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import type { AppHandle } from '@payrail/devstack';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

/** What easy-invoice's axios client sends: its base URL, `x-api-key`, axios' default Accept; no Origin. */
const AXIOS_HEADERS = (apiKey: string) => ({ accept: 'application/json, text/plain, */*', 'x-api-key': apiKey });

/** easy-invoice's fee settings (FEE_PERCENTAGE_FOR_PAYMENT, FEE_ADDRESS_FOR_PAYMENT). */
const FEE_PERCENTAGE = '0.5';
const FEE_ADDRESS = Wallet.createRandom().address;

/** payRequest's query, built exactly as easy-invoice's invoice router builds it (the order of its appends). */
function payQuery(input: {
  wallet?: string;
  clientUserId?: string;
  paymentDetailsId?: string;
  chain?: string;
  token?: string;
  fee: boolean;
}) {
  const params = new URLSearchParams();
  if (input.wallet) params.append('wallet', input.wallet);
  if (input.clientUserId) params.append('clientUserId', input.clientUserId);
  if (input.paymentDetailsId) params.append('paymentDetailsId', input.paymentDetailsId);
  if (input.chain) params.append('chain', input.chain);
  if (input.token) params.append('token', input.token);
  if (input.fee) params.append('feePercentage', FEE_PERCENTAGE);
  if (input.fee) params.append('feeAddress', FEE_ADDRESS);
  return params.toString();
}

/** getPaymentRoutes' URL, built by string concatenation as easy-invoice does. */
function routesPath(requestId: string, walletAddress: string, fee: boolean) {
  let url = `/v2/request/${requestId}/routes?wallet=${walletAddress}`;
  if (fee) url += `&feePercentage=${FEE_PERCENTAGE}&feeAddress=${FEE_ADDRESS}`;
  return url;
}

type PaymentData = {
  transactions: ApiTransaction[];
  metadata: { needsApproval: boolean; paymentTransactionIndex: number };
  paymentIntentId?: string;
};
type RoutesData = {
  routes: {
    id: string;
    fee: number;
    feeInUSD: number | null;
    speed: number | 'FAST';
    chain: string;
    token: string;
    feeBreakdown?: { amount: string }[];
  }[];
  platformFee?: { percentage: string; address: string } | null;
};

// Black box: the built payments-api as a process, called with exactly the requests easy-invoice
// (Request Network's invoicing app) sends to pay an invoice: getPaymentRoutes, then payRequest,
// whose transactions it sends as handleDirectPayments does (every one but the payment, then the payment).
describe('easy-invoice pays an invoice: GET /routes and /pay as it sends them (built payments-api)', () => {
  const chain = testStack().chain;
  let api: AppHandle;
  let apiKey: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('eipay'), { RATE_LIMIT_MULTIPLIER: '100' });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    api = await startTestApp('payments-api', env);
  }, 120000);
  afterAll(() => api?.stop());

  const get = async <T>(path: string) => {
    const res = await fetch(`${api.url}${path}`, { headers: AXIOS_HEADERS(apiKey) });
    return { status: res.status, body: (await res.json()) as T };
  };
  const invoice = async (amount: string) => {
    const res = await fetch(`${api.url}/v2/payouts`, {
      method: 'POST',
      headers: { ...AXIOS_HEADERS(apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({
        payee: Wallet.createRandom().address,
        amount,
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
      }),
    });
    return ((await res.json()) as { requestId: string }).requestId;
  };

  it('routes with the platform fee, then payRequest for the direct route, whose transactions pay the invoice and the fee', async () => {
    // A wallet of its own on the shared chain (no nonce shared with other files): ether set, test token minted.
    const payer = new ChainPayer(chain.rpcUrl, Wallet.createRandom().privateKey);
    try {
      await setEtherBalance(chain.rpcUrl, payer.address, 10n ** 18n);
      const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
      await ((await mint(payer.address, 100_000_000n)) as { wait(): Promise<unknown> }).wait();
      const requestId = await invoice('20');

      const routes = await get<RoutesData>(routesPath(requestId, payer.address, true));
      expect(routes.status).toBe(200);
      expect(routes.body.platformFee).toEqual({ percentage: FEE_PERCENTAGE, address: FEE_ADDRESS });
      expect(routes.body.routes.length).toBeGreaterThan(0);
      for (const route of routes.body.routes) {
        expect(route).toMatchObject({
          id: expect.any(String),
          fee: expect.any(Number),
          chain: expect.any(String),
          token: expect.any(String),
        });
        expect(route.speed === 'FAST' || typeof route.speed === 'number').toBe(true);
        expect(Number.isNaN(Number(route.feeInUSD))).toBe(false); // Number(route?.feeInUSD)?.toFixed(6)
        for (const fee of route.feeBreakdown ?? []) expect(typeof fee.amount).toBe('string');
      }
      const selected = routes.body.routes[0];
      expect(selected.id).toBe('REQUEST_NETWORK_PAYMENT');
      expect(selected.fee).toBe(0.1);

      // The direct route: chain and token left undefined, so not appended.
      const direct = selected.id === 'REQUEST_NETWORK_PAYMENT';
      const query = payQuery({
        wallet: payer.address,
        chain: direct ? undefined : selected.chain,
        token: direct ? undefined : selected.token,
        fee: true,
      });
      const pay = await get<PaymentData>(`/v2/request/${requestId}/pay?${query}`);
      expect(pay.status).toBe(200);
      expect(pay.body.paymentIntentId).toBeUndefined(); // not "Paygrid": handleDirectPayments
      const { transactions, metadata } = pay.body;
      expect(metadata.needsApproval).toBe(true);
      const approvals = transactions.filter((_, i) => i !== metadata.paymentTransactionIndex);
      await payer.submit([...approvals, transactions[metadata.paymentTransactionIndex]]);
      expect(await payer.tokenBalance(chain.tokens.USDC, FEE_ADDRESS)).toBe(100_000n);
    } finally {
      payer.close();
    }
  }, 60000);

  it('payRequest without a wallet nor fee settings (a bare "?") and routes without the fee answer 200', async () => {
    const requestId = await invoice('3');
    const pay = await get<PaymentData>(`/v2/request/${requestId}/pay?${payQuery({ fee: false })}`);
    expect(pay.status).toBe(200);
    expect(pay.body.transactions.length).toBeGreaterThan(0);
    expect(pay.body.metadata).toMatchObject({ needsApproval: true, paymentTransactionIndex: expect.any(Number) });
    const routes = await get<RoutesData>(routesPath(requestId, Wallet.createRandom().address, false));
    expect(routes).toMatchObject({ status: 200, body: { routes: [{ id: 'REQUEST_NETWORK_PAYMENT', fee: 0 }], platformFee: null } });
  });

  it('payRequest with clientUserId and paymentDetailsId on an invoice not created for crypto-to-fiat is a readable 400, not a 404 or 500', async () => {
    const requestId = await invoice('3');
    const query = payQuery({
      wallet: Wallet.createRandom().address,
      clientUserId: 'ada@example.com',
      paymentDetailsId: 'fa898aec-519c-46be-9b4c-e76ef4ff99d9',
      fee: true,
    });
    const res = await get<{ message: string }>(`/v2/request/${requestId}/pay?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/paymentDetailsId: the request was not created with isCryptoToFiatAvailable: true/);
  });
});
