import { sqlOne } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface Payout {
  requestId: string;
  transactions: { to: string; functionSelector: string; parameters: { value: string }[]; feeLimit: number }[];
  metadata: Record<string, unknown>;
}

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PROXY = 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd';
const PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
/** 450 TRX, 120 USDT (fixture trongrid-account.funded.json). */
const FUNDED = 'TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oED';
/** No TRX, 500 USDT (trongrid-account.no-trx.json). */
const NO_TRX = 'TNKsd4WvYUzg6kABCxarC9fcx4Q1W8Mr9a';
/** Never activated: TronGrid answers an empty page. */
const UNKNOWN = 'TZD3BBudKsnp6gxxrjtcvUTP3eFerFg9uB';

// POST /v2/payouts over HTTP through the real payments-api, its TRON_API_URL on a TronGrid stand-in on 127.0.0.1.
describe('POST /v2/payouts on Tron with a payer wallet: balances through TronGrid', () => {
  let grid: FakeTronGrid;
  let p: PayoutsApi;

  beforeAll(async () => {
    grid = await startFakeTronGrid();
    grid.accounts.set(FUNDED, 'trongrid-account.funded.json');
    grid.accounts.set(NO_TRX, 'trongrid-account.no-trx.json');
    p = await startPayoutsApi({ TRON_API_URL: grid.url });
  });
  beforeEach(async () => {
    grid.reset();
    grid.allowances.clear();
    await p.rpc.reset();
  });
  afterAll(async () => {
    await p?.close();
    await grid?.close();
  });

  const post = (payerWallet: string | undefined, amount = '25') =>
    p.call<Payout>('POST', '/v2/payouts', {
      payee: PAYEE,
      amount,
      invoiceCurrency: 'USDT-tron',
      paymentCurrency: 'USDT-tron',
      payerWallet,
    });
  const asked = () => grid.requests.map((r) => `${r.method} ${r.path}`).sort();

  it('reads a funded payer with one account GET and one allowance call: approval needed, balance and TRX enough', async () => {
    const res = await post(FUNDED);
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true, // 120 USDT >= 25
      hasEnoughGas: true, // 450 TRX >= 100 + 300 fee limits + 2 TRX bandwidth
    });
    expect(asked()).toEqual([`GET /v1/accounts/${FUNDED}`, 'POST /wallet/triggerconstantcontract']);
    const call = grid.requests.find((r) => r.method === 'POST')!.body!;
    expect(call).toMatchObject({ owner_address: FUNDED, contract_address: USDT, function_selector: 'allowance(address,address)' });
    // the payer's and the proxy's account bytes: the allowance asked is toward the Tron ERC20FeeProxy
    expect(call.parameter).toBe(
      `${'0'.repeat(24)}2503bb35970a6dc96af7f2d9ca8004691b743dbd${'0'.repeat(24)}1b6ca35d39842cf8fbe49000653a1505412da659`,
    );
    expect(await p.rpc.roundTrips()).toEqual([]);
  });

  it('sends only the payment when the allowance to the fee proxy already covers the amount', async () => {
    grid.allowances.set(`${USDT}/${FUNDED}/${PROXY}`, 25_000_000n);
    const res = await post(FUNDED);
    expect(res.body.metadata).toMatchObject({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
    });
    expect(res.body.transactions.map((t) => [t.to, t.functionSelector.split('(')[0], t.feeLimit])).toEqual([
      [PROXY, 'transferFromWithReferenceAndFee', 300_000_000],
    ]);
    // one unit more than allowed: the approval is back, after resetting USDT's non-zero allowance to 0
    const short = await post(FUNDED, '25.000001');
    expect(short.body.metadata).toMatchObject({ needsApproval: true, stepsRequired: 3, approvalTransactionIndex: 1 });
    expect(short.body.transactions.map((t) => [t.functionSelector.split('(')[0], t.parameters.at(-1)!.value])).toEqual([
      ['approve', '0'],
      ['approve', '25000001'],
      ['transferFromWithReferenceAndFee', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
    ]);
  });

  it('answers hasEnoughBalance false when the payer holds less USDT than the payout', async () => {
    expect((await post(FUNDED, '120.000001')).body.metadata).toMatchObject({ hasEnoughBalance: false, hasEnoughGas: true });
  });

  it('answers hasEnoughGas false for a payer holding the tokens but no TRX for energy and bandwidth', async () => {
    const res = await post(NO_TRX, '400');
    expect(res.status).toBe(201);
    expect(res.body.metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: false, needsApproval: true });
  });

  it('reads an account TronGrid does not know as empty (201, both flags false), not as an error', async () => {
    const res = await post(UNKNOWN);
    expect(res.status).toBe(201);
    expect(res.body.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: false,
      hasEnoughGas: false,
    });
  });

  it('answers 503 when TronGrid is down, and stores no request', async () => {
    grid.mode = 'down';
    const db = p.api.app.get(DataSource);
    const tronRequests = async () => (await sqlOne<{ count: string }>(db, `SELECT count(*) FROM requests WHERE network = 'tron'`))?.count;
    const before = await tronRequests();
    expect(before).toMatch(/^\d+$/);
    const res = await post(FUNDED);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      statusCode: 503,
      message: "Reading the payer's state on tron failed: TronGrid did not answer",
      error: 'Service Unavailable',
    });
    expect(await tronRequests()).toBe(before);
  });

  it('asks TronGrid nothing without a payer wallet, and refuses a payer whose base58check checksum is wrong with a 400', async () => {
    const open = await post(undefined);
    expect(open.status).toBe(201);
    expect(open.body.metadata).toMatchObject({ needsApproval: true, hasEnoughBalance: true, hasEnoughGas: true });
    const bad = await post('TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oEE');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(grid.requests).toEqual([]);
  });
});
