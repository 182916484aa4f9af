import { encodeApprove } from '@payrail/permits';
import { sqlRows } from '@payrail/persistence';
import { Contract, getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import {
  ORIGIN,
  platformSessionBearer,
  startSecurePaymentsApi,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

const TRON_MESSAGE = 'Batch payments are not supported for TRON networks. Please submit individual payment requests.';
const payee = (n: number) => getAddress('0x' + (0xba7c0 + n).toString(16).padStart(40, '0'));
const payout = (n: number, amount: string, extra: object = {}) => ({
  recipient: payee(n),
  creatorWalletAddress: payee(99),
  network: 'sepolia',
  currency: 'fUSDC-sepolia',
  amount,
  ...extra,
});

interface BatchPay {
  ERC20ApprovalTransactions: ApiTransaction[];
  batchPaymentTransaction: ApiTransaction;
  metadata: Record<string, unknown>;
  requests: { requestId: string; paymentReference: string }[];
}

// POST /v2/secure-payments/batch-payouts on the real payments-api: payout links combined into one
// batch link, read and paid by the page, paid on the local chain through Request Network's
// published BatchConversionPayments.
describe('POST /v2/secure-payments/batch-payouts: one link paying several payouts in one transaction', () => {
  const chain = testStack().chain;
  let s: SecurePaymentsApi;
  let payer: ChainPayer;
  const page = () => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const link = async (body: object, headers?: Record<string, string>) => {
    const res = await s.p.call<{ token: string; requestIds: string[] }>('POST', '/v2/secure-payments/payouts', body, headers);
    expect(res.status).toBe(201);
    return res.body;
  };
  const batch = (body: object, headers?: Record<string, string>) =>
    s.p.call<{
      token: string;
      requestIds: string[];
      securePaymentUrl: string;
      feePlan: null;
      errors?: { field: string }[];
      message?: string;
    }>('POST', '/v2/secure-payments/batch-payouts', body, headers);

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 100n * 10n ** 18n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  });
  afterAll(async () => {
    payer?.close();
    await s?.p.close();
  });

  it('combines pending payouts, invalidates them, and the page reads it and pays it on chain through the batch contract', async () => {
    const [a, b] = [await link(payout(1, '10')), await link(payout(2, '2.5'))];
    const res = await batch({ tokens: [a.token, b.token], redirectUrl: 'https://shop.example/done', redirectLabel: 'Back' });
    expect(res.status).toBe(201);
    const { token } = res.body;
    expect(res.body).toEqual({
      requestIds: [a.requestIds[0], b.requestIds[0]],
      securePaymentUrl: `https://pay.payrail.test/${token}?clientId=${s.p.tenant.client.clientId}`,
      token,
      feePlan: null,
    });
    for (const source of [a, b]) expect((await s.page(source.token)).body.status).toBe('invalidated');
    expect((await s.events(a.token)).map((e) => [e.event_type, e.payload.to])).toEqual([['secure_payment.status_changed', 'invalidated']]);

    const record = await s.page(token);
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({
      paymentType: 'batch',
      status: 'pending',
      redirectUrl: 'https://shop.example/done',
      redirectLabel: 'Back',
      requestIds: res.body.requestIds,
      payees: [payee(1), payee(2)],
      network: 'sepolia',
      amounts: ['10', '2.5'],
      paymentCurrencies: ['fUSDC-sepolia', 'fUSDC-sepolia'],
      isNativeCurrency: [false, false],
      hasBeenPaid: [false, false],
      feePlan: null,
    });

    const pay = await s.p.call<BatchPay>('GET', `/v2/secure-payments/${token}/pay?wallet=${payer.address}`, undefined, page());
    expect(pay.status).toBe(200);
    expect(pay.body.requests.map((r) => r.requestId)).toEqual(res.body.requestIds);
    expect(pay.body.batchPaymentTransaction.to).toBe(chain.contracts.BatchConversionPayments);
    expect(pay.body.ERC20ApprovalTransactions.map((t) => t.to)).toEqual([chain.tokens.USDC]);
    const [approval] = pay.body.ERC20ApprovalTransactions;
    expect(approval.data.slice(0, 10)).toBe(encodeApprove(chain.contracts.BatchConversionPayments, 0n).slice(0, 10));
    expect(pay.body.metadata).toMatchObject({ needsApproval: true });

    await payer.submit([approval, pay.body.batchPaymentTransaction]);
    expect(await payer.tokenBalance(chain.tokens.USDC, payee(1))).toBe(10_000_000n);
    expect(await payer.tokenBalance(chain.tokens.USDC, payee(2))).toBe(2_500_000n);
    // Both legs went through the fee proxy with the links' own payment references (what detection settles on).
    const references = await sqlRows<{ payment_reference: string }>(s.db, 'SELECT payment_reference FROM requests WHERE id = ANY($1)', [
      res.body.requestIds,
    ]);
    expect(references.map((r) => r.payment_reference).sort()).toEqual(pay.body.requests.map((r) => r.paymentReference).sort());
  });

  it('refuses Tron payouts with the spec message, several networks, non-pending, unknown, repeated or too few tokens, naming the token', async () => {
    const evm = await link(payout(3, '1'));
    const tron = await link({ ...payout(4, '1'), recipient: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV', network: 'tron', currency: 'USDT-tron' });
    const tronRes = await batch({ tokens: [evm.token, tron.token] });
    expect([tronRes.status, tronRes.body.message, tronRes.body.errors]).toEqual([
      400,
      TRON_MESSAGE,
      [{ field: 'tokens.1', message: TRON_MESSAGE }],
    ]);
    const native = await link({ ...payout(5, '0.1'), currency: 'ETH-sepolia-sepolia' });
    const mixed = await batch({ tokens: [evm.token, native.token] });
    expect(mixed.status).toBe(201); // one network, two currencies: the batch contract pays both
    const cases: [object, string][] = [
      [{ tokens: [evm.token, (await link(payout(6, '1'))).token] }, 'tokens.0'], // evm is now invalidated (batched above)
      [{ tokens: [(await link(payout(7, '1'))).token, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] }, 'tokens.1'],
      [{ tokens: [mixed.body.token, (await link(payout(8, '1'))).token] }, 'tokens.0'], // a batch is not a single payout
    ];
    for (const [body, field] of cases) {
      const res = await batch(body);
      expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, field]);
    }
    const one = await link(payout(9, '1'));
    for (const [body, field] of [
      [{ tokens: [one.token] }, 'tokens'],
      [{ tokens: [one.token, one.token] }, 'tokens.1'],
      [{ tokens: 'x' }, 'tokens'],
      [{ tokens: [one.token, 7] }, 'tokens'],
      [{}, 'tokens'],
      [{ tokens: [one.token, (await link(payout(10, '1'))).token], redirectUrl: 'ftp://x' }, 'redirectUrl'],
      [{ tokens: [one.token, (await link(payout(11, '1'))).token], redirectLabel: 'Back' }, 'redirectLabel'],
      [
        { tokens: [one.token, (await link(payout(12, '1'))).token], redirectUrl: 'https://x.example', redirectLabel: '<b>' },
        'redirectLabel',
      ],
      [{ tokens: [one.token, (await link(payout(13, '1'))).token], extra: 1 }, 'extra'],
    ] as [object, string][]) {
      const res = await batch(body);
      expect([res.status, res.body.errors?.map((e) => e.field)]).toEqual([400, expect.arrayContaining([field])]);
    }
    // Nothing was invalidated by the refusals.
    expect((await s.page(one.token)).body.status).toBe('pending');
  });

  it("batches only the caller's payouts: another Client ID's are unknown; a session of the platform batches the platform's", async () => {
    const mine = [await link(payout(20, '1'), page()), await link(payout(21, '1'), page())];
    const other = await batch({ tokens: mine.map((m) => m.token) }, { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN });
    expect([other.status, other.body.errors?.[0]?.field]).toEqual([400, 'tokens.0']);
    const bearer = await platformSessionBearer(s.p);
    const bySession = await batch({ tokens: mine.map((m) => m.token) }, { authorization: `Bearer ${bearer}` });
    expect(bySession.status).toBe(201);
    // The batch keeps the payouts' Client ID: the other Client ID cannot read it.
    expect((await s.page(bySession.body.token, '', { 'x-client-id': s.otherBrowser.clientId, origin: ORIGIN })).status).toBe(404);
    expect((await s.page(bySession.body.token)).status).toBe(200);
  });
});
