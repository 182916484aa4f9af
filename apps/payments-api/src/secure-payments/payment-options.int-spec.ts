import { CurrencyRegistry } from '@payrail/chains';
import { CreateClientId } from '@payrail/tenancy';
import { Wallet } from 'ethers';
import {
  ALLOWED,
  ORIGIN,
  PAYEE,
  PAYMENT,
  startSecurePaymentsApi,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';
import { freePort } from '@payrail/devstack';
import { startForeignChain, startStalledRpc, type ForeignChain } from '@payrail/test-support/payments-api/foreign-chain.js';

const TIMEOUT_MS = 400;
const unavailable = (neededAmount: string, reason: string) => ({
  balance: null,
  hasEnoughBalance: null,
  neededAmount,
  unavailable: reason,
});

describe('secure payments: cross-chain paymentOptions, one batched round trip per network, read on real chains', () => {
  let s: SecurePaymentsApi;
  let base: ForeignChain;
  let bsc: ForeignChain;
  let stalled: Awaited<ReturnType<typeof startStalledRpc>>;
  let feeClient: { clientId: string };
  const holder = Wallet.createRandom().address;
  /** Holds exactly 10 USDC on base. */
  const tenDollars = Wallet.createRandom().address;

  beforeAll(async () => {
    [base, bsc, stalled] = await Promise.all([startForeignChain(8453), startForeignChain(56), startStalledRpc()]);
    s = await startSecurePaymentsApi({
      RPC_URL_BASE: base.rpc.url,
      RPC_URL_BSC: bsc.rpc.url,
      RPC_URL_OPTIMISM: stalled.url,
      // Nothing listens there: connection refused.
      RPC_URL_ARBITRUM_ONE: `http://127.0.0.1:${await freePort()}`,
      PAGE_RPC_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const registry = s.p.api.app.get(CurrencyRegistry);
    const at = (id: string) => registry.byId(id)!.address;
    // The real token addresses of base and bsc (USDC/USDT on bsc have 18 decimals), with the holder's balances.
    await Promise.all([
      base.placeToken(at('USDC-base'), 6),
      base.placeToken(at('USDT-base'), 6),
      base.placeToken(at('EURC-base'), 6),
      bsc.placeToken(at('USDC-bsc'), 18),
      bsc.placeToken(at('USDT-bsc'), 18),
    ]);
    await base.mint(at('USDC-base'), holder, 20_000_000n);
    await base.mint(at('EURC-base'), holder, 100_000_000n);
    await base.mint(at('USDC-base'), tenDollars, 10_000_000n);
    await bsc.mint(at('USDC-bsc'), holder, 13n * 10n ** 18n);
    await bsc.mint(at('USDT-bsc'), holder, 5n * 10n ** 18n);
    feeClient = await s.p.api.app
      .get(CreateClientId)
      .execute({ platformId: s.p.tenant.platform.id, allowedOrigins: [ORIGIN], feePercentage: '2', feeAddress: ALLOWED });
  }, 60_000);
  afterAll(async () => {
    await s?.p.close();
    await Promise.all([base?.stop(), bsc?.stop(), stalled?.close()]);
  });

  const resetCounters = () => Promise.all([s.p.rpc.reset(), base.rpc.reset(), bsc.rpc.reset()]);
  const methods = async (counter: ForeignChain['rpc']) => (await counter.roundTrips()).map((t) => t.methods);

  it('reports every same-peg source on every network with an RPC, amount plus fee at par; a stalled or failing network is unavailable, not fatal', async () => {
    const headers = { 'x-client-id': feeClient.clientId, origin: ORIGIN };
    const created = await s.create({ requests: [PAYMENT] }, headers);
    expect(created.status).toBe(201);
    await resetCounters();
    const started = Date.now();
    const res = await s.page(created.body.token, `?wallet=${holder}`, headers);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    // 12.5 fUSDC + 2 % fee = 12.75, in 6 decimals on base, 18 on bsc; EURC-base (EUR peg) is not offered for a USD payment.
    expect(res.body.paymentOptions).toEqual({
      SEPOLIA: { fUSDC: { balance: '0', hasEnoughBalance: false, neededAmount: '12.75' } },
      BASE: {
        USDC: { balance: '20', hasEnoughBalance: true, neededAmount: '12.75' },
        USDT: { balance: '0', hasEnoughBalance: false, neededAmount: '12.75' },
      },
      OPTIMISM: {
        USDC: unavailable('12.75', 'rpc_timeout'),
        USDT: unavailable('12.75', 'rpc_timeout'),
        USDT0: unavailable('12.75', 'rpc_timeout'),
      },
      ARBITRUM: {
        USDC: unavailable('12.75', 'rpc_error'),
        USDT: unavailable('12.75', 'rpc_error'),
        USDT0: unavailable('12.75', 'rpc_error'),
      },
      BNB: {
        USDC: { balance: '13', hasEnoughBalance: true, neededAmount: '12.75' },
        USDT: { balance: '5', hasEnoughBalance: false, neededAmount: '12.75' },
      },
    });
    // Networks are read at once: the page waits for the stalled one's deadline, not for the sum of the reads.
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(await methods(base.rpc)).toEqual([['eth_getBalance', 'eth_call', 'eth_call']]);
    expect(await methods(bsc.rpc)).toEqual([['eth_getBalance', 'eth_call', 'eth_call']]);
    // The payment's own network: the balance round trip only. The fee plan was priced (its USD rate
    // read) and stored when the link was created, so the page reads no rate.
    expect(await methods(s.p.rpc)).toEqual([['eth_getBalance', 'eth_call']]);
  });

  it('rounds a needed amount up to the source decimals (payee favour): 10.0000001 DAI needs 10.000001 USDC, so 10 USDC is not enough', async () => {
    const created = await s.create({
      requests: [{ ...PAYMENT, amount: '10.0000001', invoiceCurrency: 'DAI-sepolia', paymentCurrency: 'DAI-sepolia' }],
    });
    expect(created.status).toBe(201);
    await resetCounters();
    const res = await s.page(created.body.token, `?token=USDC&chain=BASE&eoaWallet=${tenDollars}`);
    // token + chain: just that source, in one round trip to that network only.
    expect(res.body.paymentOptions).toEqual({ BASE: { USDC: { balance: '10', hasEnoughBalance: false, neededAmount: '10.000001' } } });
    expect(await methods(base.rpc)).toEqual([['eth_getBalance', 'eth_call']]);
    expect(await methods(bsc.rpc)).toEqual([]);
    expect(await methods(s.p.rpc)).toEqual([]);
    const onBsc = await s.page(created.body.token, `?token=USDC&chain=BNB&eoaWallet=${holder}`);
    expect(onBsc.body.paymentOptions).toEqual({ BNB: { USDC: { balance: '13', hasEnoughBalance: true, neededAmount: '10.0000001' } } });
  });

  it('answers a named source without an RPC as no_rpc, and one of another peg (or absent from that chain) as no option', async () => {
    const { body } = await s.create({ requests: [PAYMENT] });
    expect((await s.page(body.token, `?token=USDT&chain=ETHEREUM&wallet=${holder}`)).body.paymentOptions).toEqual({
      ETHEREUM: { USDT: unavailable('12.5', 'no_rpc') },
    });
    expect((await s.page(body.token, `?token=EURC&chain=BASE&wallet=${holder}`)).body.paymentOptions).toEqual({});
    expect((await s.page(body.token, `?token=USDT0&chain=BASE&wallet=${holder}`)).body.paymentOptions).toEqual({});
  });

  it('offers no cross-chain source for an unpegged currency (FAU), only the direct payment', async () => {
    const { body } = await s.create({
      requests: [{ payee: PAYEE, amount: '3', invoiceCurrency: 'FAU-sepolia', paymentCurrency: 'FAU-sepolia' }],
    });
    const res = await s.page(body.token, `?wallet=${holder}`);
    expect(res.body.paymentOptions).toEqual({ SEPOLIA: { FAU: { balance: '0', hasEnoughBalance: false, neededAmount: '3' } } });
  });
});
