import { Wallet } from 'ethers';
import { startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { PAYMENT, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

const TIMEOUT_MS = 300;
const PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
/** 450 TRX, 120 USDT, 3 USDC (fixture trongrid-account.funded.json). */
const FUNDED = 'TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oED';
/** Never activated: TronGrid answers an empty page. */
const UNKNOWN = 'TZD3BBudKsnp6gxxrjtcvUTP3eFerFg9uB';
const TRON_PAYMENT = { payee: PAYEE, amount: '25', invoiceCurrency: 'USDT-tron', paymentCurrency: 'USDT-tron' };

// GET /v2/secure-payments/{token}?wallet=T... through the real payments-api, TRON_API_URL on a TronGrid stand-in on 127.0.0.1.
describe('secure payments: paymentOptions of a Tron payment for a Tron wallet, read through TronGrid', () => {
  let grid: FakeTronGrid;
  let s: SecurePaymentsApi;
  let token: string;

  beforeAll(async () => {
    grid = await startFakeTronGrid();
    grid.accounts.set(FUNDED, 'trongrid-account.funded.json');
    s = await startSecurePaymentsApi({ TRON_API_URL: grid.url, PAGE_RPC_TIMEOUT_MS: String(TIMEOUT_MS) });
    const created = await s.create({ requests: [TRON_PAYMENT] });
    expect(created.status).toBe(201);
    token = created.body.token;
  });
  beforeEach(() => grid.reset());
  afterAll(async () => {
    await s?.p.close();
    await grid?.close();
  });

  it("reports the wallet's USDT balance against amount + fee after one TronGrid request, and no EVM read", async () => {
    await s.p.rpc.reset();
    const res = await s.page(token, `?wallet=${FUNDED}`);
    expect(res.status).toBe(200);
    expect(res.body.paymentOptions).toEqual({ TRON: { USDT: { balance: '120', hasEnoughBalance: true, neededAmount: '25' } } });
    expect(grid.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/accounts/${FUNDED}`]);
    expect(await s.p.rpc.roundTrips()).toEqual([]);
  });

  it('reports an address TronGrid does not know as a zero balance, not as unavailable', async () => {
    const res = await s.page(token, `?eoaWallet=${UNKNOWN}`);
    expect(res.body.paymentOptions).toEqual({ TRON: { USDT: { balance: '0', hasEnoughBalance: false, neededAmount: '25' } } });
  });

  it('serves the page with the option flagged rpc_error when TronGrid is down, and rpc_timeout when it stalls past the deadline', async () => {
    grid.mode = 'down';
    const down = await s.page(token, `?wallet=${FUNDED}`);
    expect(down.status).toBe(200);
    expect(down.body.paymentOptions).toEqual({
      TRON: { USDT: { balance: null, hasEnoughBalance: null, neededAmount: '25', unavailable: 'rpc_error' } },
    });
    grid.mode = 'stall';
    grid.stallMs = TIMEOUT_MS + 400;
    const started = Date.now();
    const late = await s.page(token, `?wallet=${FUNDED}`);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 350);
    expect(late.body.paymentOptions).toEqual({
      TRON: { USDT: { balance: null, hasEnoughBalance: null, neededAmount: '25', unavailable: 'rpc_timeout' } },
    });
  });

  it('asks TronGrid nothing for an EVM wallet on a Tron payment, nor for a Tron wallet on an EVM payment', async () => {
    const evmWallet = await s.page(token, `?wallet=${Wallet.createRandom().address}`);
    expect(evmWallet.status).toBe(200);
    expect(evmWallet.body.paymentOptions).toBeUndefined();
    const evmPayment = await s.create({ requests: [PAYMENT] });
    const tronWallet = await s.page(evmPayment.body.token, `?wallet=${FUNDED}`);
    expect(tronWallet.status).toBe(200);
    expect(tronWallet.body.paymentOptions).toBeUndefined();
    expect(grid.requests).toEqual([]);
  });
});
