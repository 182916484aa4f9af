import { startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

const PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
/** 450 TRX, 120 USDT (fixture trongrid-account.funded.json). */
const FUNDED = 'TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oED';

type Payout = { requestId: string; transactions: { functionSelector: string; parameters: { value: string }[] }[]; metadata: object };

// GET /v2/request/{id}/pay for a Tron request: the TRC-20 calls POST /v2/payouts answers, the
// payer's TRX, USDT and allowance read through TronGrid (a stand-in on 127.0.0.1).
describe('GET /v2/request/{requestId}/pay on Tron', () => {
  let grid: FakeTronGrid;
  let p: PayoutsApi;

  beforeAll(async () => {
    grid = await startFakeTronGrid();
    grid.accounts.set(FUNDED, 'trongrid-account.funded.json');
    p = await startPayoutsApi({ TRON_API_URL: grid.url });
  });
  afterAll(async () => {
    await p?.close();
    await grid?.close();
  });

  it('answers the payout’s TRC-20 approval and payment for a Tron wallet, a part of it on request, and routes on TRON', async () => {
    const terms = { payee: PAYEE, amount: '25', invoiceCurrency: 'USDT-tron', paymentCurrency: 'USDT-tron', payerWallet: FUNDED };
    const created = (await p.call<Payout>('POST', '/v2/payouts', terms)).body;
    const res = await p.call<Payout>('GET', `/v2/request/${created.requestId}/pay?wallet=${FUNDED}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ transactions: created.transactions, metadata: created.metadata });
    expect(res.body.metadata).toMatchObject({ needsApproval: true, hasEnoughBalance: true, hasEnoughGas: true });
    const part = await p.call<Payout>('GET', `/v2/request/${created.requestId}/pay?wallet=${FUNDED}&amount=10`);
    const payment = part.body.transactions.at(-1)!;
    expect(payment.parameters.map((x) => x.value)).toContain('10000000');
    const routes = await p.call('GET', `/v2/request/${created.requestId}/routes?wallet=${FUNDED}`);
    expect(routes.body).toMatchObject({
      routes: [{ id: 'REQUEST_NETWORK_PAYMENT', chain: 'TRON', token: 'USDT', fee: 0 }],
      platformFee: null,
    });
    const evmWallet = await p.call('GET', `/v2/request/${created.requestId}/pay?wallet=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7`);
    expect(evmWallet).toMatchObject({ status: 404, body: { message: 'Wallet not found' } });
  });
});
